import { ImageResponse } from "next/og";

// The home-screen icon (iOS asks for a 180×180 PNG; the SVG favicon is src/app/icon.svg). Drawn
// at build time from the same mark, with next/og's bundled renderer: no file to keep in sync.
export const size = { width: 180, height: 180 };
export const contentType = "image/png";

export default function AppleIcon() {
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", alignItems: "center", justifyContent: "center", background: "#4f46e5" }}>
        <svg width="150" height="150" viewBox="0 0 32 32">
          <path d="M8 22.5 13.5 9h5L24 22.5h-4.2l-1.1-3h-5.4l-1.1 3H8Zm6.4-6.3h3.2L16 11.8l-1.6 4.4Z" fill="#fff" />
        </svg>
      </div>
    ),
    size,
  );
}
