import type { Phrases } from "./phrases";

// German, French and Spanish for the report's fixed phrases (see phrases.ts). Kept small on
// purpose: headings, the summary's sentences, the canned next steps, risks and the estimate.

const GERMAN: Phrases = {
  headings: { summary: "Zusammenfassung", next: "Nächste Schritte", risks: "Risiken", estimate: "Schätzung" },
  status: { open: "offen", in_progress: "in Arbeit", done: "erledigt" },
  theTask: "Die Aufgabe",
  is: (subject, status) => `${subject} ist ${status}.`,
  noChecklist: "Es gibt noch keine Checkliste.",
  progress: (done, total) => `${done} von ${total} Checklistenpunkten ${done === 1 ? "ist" : "sind"} erledigt.`,
  finishedNext: ["Das Ergebnis mit der anfragenden Person bestätigen.", "Die Aufgabe schließen, sobald es bestätigt ist."],
  noSteps: "Die Aufgabe in konkrete Schritte zerlegen.",
  risks: {
    question: () => ({ risk: "Eine offene Frage in der Beschreibung kann den Umfang ändern", mitigation: "vor dem betroffenen Schritt bei der anfragenden Person nachfragen" }),
    tbd: (q) => ({ risk: `Ein Teil des Umfangs ist noch „${q}“`, mitigation: "eine Entscheidung einholen und die Schritte dann ergänzen" }),
    vague: (q) => ({ risk: `Die Formulierung ist vage („${q}“), das Ergebnis kann das Gemeinte verfehlen`, mitigation: "das erwartete Ergebnis in einem Satz mit der anfragenden Person klären" }),
    criteria: () => ({ risk: "Ohne Abnahmekriterien trifft das Ergebnis vielleicht nicht die Erwartung", mitigation: "festhalten, wann die Aufgabe erledigt ist, und es bestätigen lassen" }),
    date: () => ({ risk: "Es gibt kein Fälligkeitsdatum, die Aufgabe kann hinter andere Arbeit rutschen", mitigation: "ein Datum mit der anfragenden Person vereinbaren" }),
    finished: () => ({ risk: "Das Ergebnis hält vielleicht nicht, sobald mehr Leute darauf bauen", mitigation: "in einer Woche bei der anfragenden Person nachfragen" }),
    unknowns: () => ({ risk: "Unbekanntes kann auftauchen, sobald die Arbeit beginnt", mitigation: "nach dem ersten Schritt ein Update geben" }),
  },
  topicRisk: (t) => ({ risk: `Die Aufgabe berührt ${t}, wo Fehler teuer sind`, mitigation: `die Arbeit vor dem Abschluss von jemandem prüfen lassen, der sich mit ${t} auskennt` }),
  toReduce: "Zur Minderung",
  rationale: ({ steps, readMinutes, topics }) =>
    `etwa ${steps} Arbeitsschritte zu je 15 min, plus ${readMinutes} min zum Einlesen und Übergeben${topics.length ? `, plus ${30 * topics.length} min, weil sie ${topics.join(", ")} berührt` : ""}.`,
  range: (range, topics) => `eine Spanne von ${range} für riskante Arbeit (${topics}), daher schlage ich die Obergrenze vor`,
  propose: (m, why) => `Ich schlage ${m} vor: ${why}`,
  current: (m, fits, own, why) => `Die aktuelle Schätzung von ${m} ${fits ? "passt zur" : "passt nicht zur"} offenen Arbeit. Meine Regel ergibt ${own}: ${why}`,
  notEstimated: (own, why) => `Noch nicht geschätzt. Meine Regel ergibt ${own}: ${why}`,
};

const FRENCH: Phrases = {
  headings: { summary: "Résumé", next: "Prochaines étapes", risks: "Risques", estimate: "Estimation" },
  status: { open: "ouverte", in_progress: "en cours", done: "terminée" },
  theTask: "La tâche",
  is: (subject, status) => `${subject} est ${status}.`,
  noChecklist: "Il n'y a pas encore de liste de contrôle.",
  progress: (done, total) => `${done} sur ${total} éléments de la liste de contrôle ${done <= 1 ? "est fait" : "sont faits"}.`,
  finishedNext: ["Confirmer le résultat avec le demandeur.", "Clore la tâche une fois le résultat confirmé."],
  noSteps: "Découper la tâche en étapes concrètes.",
  risks: {
    question: () => ({ risk: "Une question ouverte dans la description peut changer le périmètre", mitigation: "demander au demandeur avant de commencer l'étape concernée" }),
    tbd: (q) => ({ risk: `Une partie du périmètre est encore « ${q} »`, mitigation: "obtenir une décision du demandeur puis ajouter les étapes" }),
    vague: (q) => ({ risk: `La formulation est vague (« ${q} »), le résultat risque de manquer l'intention`, mitigation: "confirmer le résultat attendu en une phrase avec le demandeur" }),
    criteria: () => ({ risk: "Sans critères d'acceptation, le résultat risque de ne pas répondre à l'attente", mitigation: "écrire ce que « terminé » veut dire et le faire confirmer" }),
    date: () => ({ risk: "Aucune échéance n'est donnée, la tâche risque de passer après d'autres travaux", mitigation: "convenir d'une date avec le demandeur" }),
    finished: () => ({ risk: "Le résultat peut ne pas tenir quand plus de personnes s'en servent", mitigation: "revenir vers le demandeur dans une semaine" }),
    unknowns: () => ({ risk: "Des inconnues peuvent apparaître une fois le travail commencé", mitigation: "donner des nouvelles après la première étape" }),
  },
  topicRisk: (t) => ({ risk: `La tâche touche ${t}, où une erreur coûte cher`, mitigation: `faire relire le travail par quelqu'un qui connaît ${t} avant de le finaliser` }),
  toReduce: "Pour le réduire",
  rationale: ({ steps, readMinutes, topics }) =>
    `environ ${steps} étapes de travail à 15 min chacune, plus ${readMinutes} min pour se documenter et transmettre${topics.length ? `, plus ${30 * topics.length} min car elle touche ${topics.join(", ")}` : ""}.`,
  range: (range, topics) => `une fourchette de ${range} pour un travail risqué (${topics}), je propose donc la borne haute`,
  propose: (m, why) => `Je propose ${m} : ${why}`,
  current: (m, fits, own, why) => `L'estimation actuelle de ${m} ${fits ? "correspond au" : "ne correspond pas au"} travail restant. Ma règle donne ${own} : ${why}`,
  notEstimated: (own, why) => `Pas encore estimée. Ma règle donne ${own} : ${why}`,
};

const SPANISH: Phrases = {
  headings: { summary: "Resumen", next: "Próximos pasos", risks: "Riesgos", estimate: "Estimación" },
  status: { open: "abierta", in_progress: "en curso", done: "terminada" },
  theTask: "La tarea",
  is: (subject, status) => `${subject} está ${status}.`,
  noChecklist: "Todavía no hay lista de verificación.",
  progress: (done, total) => `${done} de ${total} elementos de la lista ${done === 1 ? "está hecho" : "están hechos"}.`,
  finishedNext: ["Confirmar el resultado con el solicitante.", "Cerrar la tarea una vez confirmado."],
  noSteps: "Dividir la tarea en pasos concretos.",
  risks: {
    question: () => ({ risk: "Una pregunta abierta en la descripción puede cambiar el alcance", mitigation: "preguntar al solicitante antes de empezar el paso afectado" }),
    tbd: (q) => ({ risk: `Parte del alcance sigue siendo "${q}"`, mitigation: "obtener una decisión del solicitante y añadir los pasos entonces" }),
    vague: (q) => ({ risk: `La redacción es vaga ("${q}"), así que el resultado puede no ser lo que se quería`, mitigation: "confirmar el resultado esperado en una frase con el solicitante" }),
    criteria: () => ({ risk: "Sin criterios de aceptación el resultado puede no cumplir lo que se espera", mitigation: "escribir qué significa terminado y confirmarlo" }),
    date: () => ({ risk: "No hay fecha límite, así que la tarea puede quedar detrás de otro trabajo", mitigation: "acordar una fecha con el solicitante" }),
    finished: () => ({ risk: "El resultado puede no sostenerse cuando más personas dependan de él", mitigation: "volver a consultar al solicitante en una semana" }),
    unknowns: () => ({ risk: "Pueden surgir incógnitas cuando empiece el trabajo", mitigation: "publicar una actualización tras el primer paso" }),
  },
  topicRisk: (t) => ({ risk: `La tarea toca ${t}, donde un error sale caro`, mitigation: `pedir a alguien que conozca ${t} que revise el trabajo antes de cerrarlo` }),
  toReduce: "Para reducirlo",
  rationale: ({ steps, readMinutes, topics }) =>
    `unos ${steps} pasos de trabajo de 15 min cada uno, más ${readMinutes} min para documentarse y entregar${topics.length ? `, más ${30 * topics.length} min porque toca ${topics.join(", ")}` : ""}.`,
  range: (range, topics) => `un rango de ${range} por ser trabajo arriesgado (${topics}), así que propongo el límite superior`,
  propose: (m, why) => `Propongo ${m}: ${why}`,
  current: (m, fits, own, why) => `La estimación actual de ${m} ${fits ? "encaja con el" : "no encaja con el"} trabajo pendiente. Mi regla da ${own}: ${why}`,
  notEstimated: (own, why) => `Aún sin estimar. Mi regla da ${own}: ${why}`,
};

export const TRANSLATED = { German: GERMAN, French: FRENCH, Spanish: SPANISH } as const;
