import type { MetadataRoute } from "next";

// The web app manifest (/manifest.webmanifest): what a phone uses when someone adds Agent Coach to
// the home screen.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Agent Coach",
    short_name: "Agent Coach",
    description: "LLM agents that improve every week from your team's feedback, under human control.",
    start_url: "/",
    display: "standalone",
    background_color: "#fafafa",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/apple-icon", sizes: "180x180", type: "image/png" },
    ],
  };
}
