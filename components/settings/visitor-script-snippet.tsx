import { CopyButton } from "@/components/ui/copy-button";

/** The one tag a website adds to let its visitors be co-browsed, with the team's public key. */
export function VisitorScriptSnippet({ origin, publicKey }: { origin: string; publicKey: string }) {
  const snippet = `<script src="${origin}/cobrowse.js" data-public-key="${publicKey}" async></script>`;
  return (
    <section aria-labelledby="visitor-script-heading" className="space-y-2">
      <h3 id="visitor-script-heading" className="font-medium">
        Visitor script
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Add this tag to every page of your website. The public key only registers visitors; it cannot read anything.
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <pre className="min-w-0 flex-1 overflow-x-auto rounded-md bg-zinc-100 px-3 py-2 text-xs dark:bg-zinc-800" tabIndex={0} aria-label="Visitor script tag">
          <code>{snippet}</code>
        </pre>
        <CopyButton value={snippet} label="Copy tag" />
      </div>
    </section>
  );
}
