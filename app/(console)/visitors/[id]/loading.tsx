import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

export default function VisitorLoading() {
  return (
    <LoadingRegion label="Loading the visitor" className="space-y-4">
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Skeleton className="h-96" />
        <Skeleton className="h-48" />
      </div>
    </LoadingRegion>
  );
}
