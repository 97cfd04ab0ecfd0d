export function Logo({ className }: { className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden className="mr-1.5 inline-block h-2.5 w-2.5 rounded-full bg-brand-500 ring-4 ring-brand-500/20" />
      <span className="font-semibold tracking-tight">Tandem</span>
    </span>
  );
}
