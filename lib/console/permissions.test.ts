import { describe, expect, it } from "vitest";
import { permissionsSchema } from "@/lib/contract";
import { CO_BROWSE_PERMISSIONS, coBrowseDefaults, PERMISSION_LABELS } from "./permissions";
import { coBrowsePermissionsSchema } from "./visitors/co-browse";

describe("the permission table", () => {
  it("labels every permission of the contract", () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual(Object.keys(permissionsSchema.shape).sort());
  });

  it("offers the agent the same permissions in the options as the co-browse action accepts, never the remote console", () => {
    expect(Object.keys(coBrowsePermissionsSchema.shape).sort()).toEqual([...CO_BROWSE_PERMISSIONS].sort());
    const defaults = coBrowseDefaults({ ...permissionsSchema.parse({}), allow_draw: false, allow_console: true });
    expect(Object.keys(defaults)).toEqual([...CO_BROWSE_PERMISSIONS]);
    expect(defaults.allow_draw).toBe(false);
    expect(defaults).not.toHaveProperty("allow_console");
  });
});
