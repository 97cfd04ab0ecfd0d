"use client";

import { useId } from "react";
import { updateTeamSettings } from "@/lib/console/settings/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { TeamSettings } from "@/lib/contract";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormStatus } from "./form-status";
import { ListField } from "@/components/ui/list-field";
import { TEAM_FIELD_NAMES, TEAM_LISTS, TEAM_SWITCHES } from "./team-fields";
import { fieldError, listFieldError, typedChecked, typedOr, useFormAction } from "./use-form-action";

export function TeamSettingsForm({ team }: { team: TeamSettings }) {
  // A refused form keeps what was typed (React resets a form's fields to their defaults once it is sent).
  const [result, submit, pending, typed] = useFormAction(updateTeamSettings);
  const recordingLinkHintId = useId();
  const changed = result?.ok ? Object.keys(result.data.changed) : [];
  return (
    <form action={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Team name" name="name" defaultValue={typedOr(typed, "name", team.name)} required error={fieldError(result, "name")} />
        <Field label="Website domain" name="domain" defaultValue={typedOr(typed, "domain", team.domain)} required error={fieldError(result, "domain")} />
        <Field
          label="Max concurrent sessions"
          name="max_concurrent_sessions"
          type="number"
          min={0}
          step={1}
          defaultValue={typedOr(typed, "max_concurrent_sessions", String(team.max_concurrent_sessions))}
          error={fieldError(result, "max_concurrent_sessions")}
        />
      </div>
      {TEAM_LISTS.map(({ field, ...list }) => (
        <ListField
          key={field}
          name={field}
          values={typed[field] === undefined ? team[field] : typed[field].split("\n")}
          error={listFieldError(result, field)}
          {...list}
        />
      ))}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Features</legend>
        {TEAM_SWITCHES.map(({ field, label, hint }) => (
          <CheckboxField key={field} name={field} label={label} hint={hint} defaultChecked={typedChecked(typed, field, team[field])} />
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
          defaultValue={typedOr(typed, "recording_link_ttl_hours", String(team.recording_link_ttl_hours))}
          error={fieldError(result, "recording_link_ttl_hours")}
          // The field's error, when there is one, describes it instead.
          {...(fieldError(result, "recording_link_ttl_hours") ? {} : { "aria-describedby": recordingLinkHintId })}
        />
        <p id={recordingLinkHintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          A recorded session&apos;s link opens its replay for this long after it is handed out (1 to 720 hours); afterwards, open the session again for a new
          link.
        </p>
      </div>
      <FormStatus
        result={result}
        success={
          result?.ok
            ? changed.length
              ? `Saved: ${changed.map((field) => TEAM_FIELD_NAMES[field as keyof typeof TEAM_FIELD_NAMES] ?? field).join(", ")}.`
              : "Nothing changed."
            : undefined
        }
      />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save team settings"}
        </Button>
      </div>
    </form>
  );
}
