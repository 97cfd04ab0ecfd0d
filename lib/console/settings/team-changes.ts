import type { TeamSettings, TeamSettingsUpdate } from "@/lib/contract";

/** The fields of an update that differ from the current settings, with their new values (none is secret). */
export function changedTeamFields(current: TeamSettings, update: TeamSettingsUpdate): TeamSettingsUpdate {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (JSON.stringify(current[field as keyof TeamSettings]) !== JSON.stringify(value)) changed[field] = value;
  }
  return changed as TeamSettingsUpdate;
}

/** A list setting as typed in a textarea (masking selectors, URL parameters, origins): one entry per line, blank lines dropped. */
export function parseLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
