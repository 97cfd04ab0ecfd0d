import { NotFoundPage } from "@/components/console/not-found-page";

export default function SessionNotFound() {
  return (
    <NotFoundPage title="Session not found" heading="There is no such session among yours" back={{ href: "/sessions", label: "Back to sessions" }}>
      The address may be mistyped, or the session is another agent&apos;s. Yours are all under Sessions.
    </NotFoundPage>
  );
}
