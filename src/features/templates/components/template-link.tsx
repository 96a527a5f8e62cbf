import Link from "next/link";

/** A template's name, linking to its page (the first cell of every list of templates). */
export function TemplateLink({ slug, id, name }: { slug: string; id: string; name: string }) {
  return (
    <Link href={`/w/${slug}/templates/${id}`} className="font-medium text-zinc-900 hover:text-brand-700">
      {name}
    </Link>
  );
}
