import { HomeLinkCard } from "@/components/centered-card";

export default function NotFound() {
  return <HomeLinkCard title="Not found" subtitle="This page does not exist, or you do not have access to it." label="Go to your workspace" />;
}
