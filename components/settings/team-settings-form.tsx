"use client";

import { useId } from "react";
import { updateTeamSettings } from "@/lib/console/settings/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { TeamSettings } from "@/lib/contract";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormStatus } from "./form-status";
import { ListField } from "@/components/ui/list-field";
import { fieldError, listFieldError, useFormAction } from "./use-form-action";

const SWITCHES: Array<{
  field:
    | "history_enabled"
    | "require_authorization"
    | "proxy_enabled"
    | "onprem_licensed"
    | "recording_enabled"
    | "canvas_capture_enabled"
    | "visitor_feedback_enabled";
  label: string;
  hint: string;
}> = [
  { field: "history_enabled", label: "Collect visitor history", hint: "Pages each visitor viewed, kept with the visitor." },
  { field: "require_authorization", label: "Require visitor authorization", hint: "The visitor accepts before an agent sees the page." },
  { field: "proxy_enabled", label: "Universal proxy enabled", hint: "Co-browse pages that do not load the visitor script." },
  { field: "onprem_licensed", label: "On-premise licence", hint: "Issue licence tokens for on-premise deployments." },
  { field: "recording_enabled", label: "Recording", hint: "Record co-browsing sessions." },
  {
    field: "canvas_capture_enabled",
    label: "Show canvases",
    hint: "Charts, signatures and maps drawn on a canvas reach the agent as images: at most 4 a second, 512 kB a second a page. Masked canvases never leave the page.",
  },
  {
    field: "visitor_feedback_enabled",
    label: "Ask visitors for feedback",
    hint: "When a session ends, the visitor is asked “How did this session go?” (a rating of 1 to 5 and an optional comment). Agents are always asked.",
  },
];

export function TeamSettingsForm({ team }: { team: TeamSettings }) {
  const [result, submit, pending] = useFormAction(updateTeamSettings);
  const recordingLinkHintId = useId();
  const changed = result?.ok ? Object.keys(result.data.changed) : [];
  return (
    <form action={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Team name" name="name" defaultValue={team.name} required error={fieldError(result, "name")} />
        <Field label="Website domain" name="domain" defaultValue={team.domain} required error={fieldError(result, "domain")} />
        <Field
          label="Max concurrent sessions"
          name="max_concurrent_sessions"
          type="number"
          min={0}
          step={1}
          defaultValue={team.max_concurrent_sessions}
          error={fieldError(result, "max_concurrent_sessions")}
        />
      </div>
      <ListField
        label="Masking selectors (one CSS selector per line)"
        name="masking_selectors"
        values={team.masking_selectors}
        error={listFieldError(result, "masking_selectors")}
      />
      <ListField
        label="Redacted URL parameters (one name per line)"
        hint="The visitor script drops every URL's fragment, and the value of each query parameter whose name contains one of these, before sending it."
        name="url_redacted_params"
        values={team.url_redacted_params}
        error={listFieldError(result, "url_redacted_params")}
      />
      <ListField
        label="Sites that may embed the watch page (one origin per line, e.g. https://support.example.com)"
        name="embed_origins"
        values={team.embed_origins}
        rows={3}
        error={listFieldError(result, "embed_origins")}
      />
      <ListField
        label="Sites whose frames the agent sees (one origin per line, e.g. https://checkout.example.com)"
        hint="Your pages and the frames in them that load the visitor script, when they are on different sites: list every one, the pages' sites and the frames' sites. A frame of a listed site joins the page's session and is shown inside it, masked by these settings before it leaves the frame. Frames of other sites are shown to the agent as a labelled empty box."
        name="frame_origins"
        values={team.frame_origins}
        rows={3}
        error={listFieldError(result, "frame_origins")}
      />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Features</legend>
        {SWITCHES.map(({ field, label, hint }) => (
          <CheckboxField key={field} name={field} label={label} hint={hint} defaultChecked={team[field]} />
        ))}
      </fieldset>
      <div className="sm:max-w-xs">
        <Field
          label="Recording links work for (hours)"
          name="recording_link_ttl_hours"
          type="number"
          min={1}
          max={720}
          step={1}
          required
          defaultValue={team.recording_link_ttl_hours}
          error={fieldError(result, "recording_link_ttl_hours")}
          // The field's error, when there is one, describes it instead.
          {...(fieldError(result, "recording_link_ttl_hours") ? {} : { "aria-describedby": recordingLinkHintId })}
        />
        <p id={recordingLinkHintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          A recorded session&apos;s link opens its replay for this long after it is handed out (1 to 720 hours); afterwards, open the session again for a new
          link.
        </p>
      </div>
      <FormStatus result={result} success={result?.ok ? (changed.length ? `Saved: ${changed.join(", ")}.` : "Nothing changed.") : undefined} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save team settings"}
        </Button>
      </div>
    </form>
  );
}
