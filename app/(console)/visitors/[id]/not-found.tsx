import { NotFoundPage } from "@/components/console/not-found-page";

export default function VisitorNotFound() {
  return (
    <NotFoundPage title="Visitor not found" heading="This visitor no longer exists" back={{ href: "/visitors", label: "Back to visitors" }}>
      It may have been deleted or purged. Search the visitors to find who you were looking for.
    </NotFoundPage>
  );
}
