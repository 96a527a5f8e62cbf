import Link from "next/link";
import { CenteredCard } from "@/components/centered-card";
import { buttonClass } from "@/components/ui/button";

export default function NotFound() {
  return (
    <CenteredCard title="Not found" subtitle="This page does not exist, or you do not have access to it.">
      <Link href="/" className={buttonClass("secondary", "md", "w-full")}>
        Go to your workspace
      </Link>
    </CenteredCard>
  );
}
