// A host app of the React wrapper, bundled from the packed package installed in a temporary app.
import { createRoot } from "react-dom/client";
import { TandemViewer, type ViewerState } from "@tandem/viewer-react";
import { useState } from "react";

function Ticket({ token, endpoint }: { token: string; endpoint: string }) {
  const [state, setState] = useState<ViewerState | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <main>
      <p id="status">{error ? `error: ${error}` : state ? `${state.status}: ${state.visitor.id}` : "Connecting…"}</p>
      <div style={{ width: 900, height: 600 }}>
        <TandemViewer token={token} endpoint={endpoint} onState={setState} onError={(failure) => setError(failure.code)} />
      </div>
    </main>
  );
}

const given = JSON.parse(decodeURIComponent(location.hash.slice(1))) as { token: string; endpoint: string };
createRoot(document.getElementById("root")!).render(<Ticket {...given} />);
