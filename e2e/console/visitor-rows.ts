import type { Page } from "@playwright/test";
import type { TestVisitor } from "../support/api";

/** A visitor's row in the Visitors table (wide screens). */
export const visitorRow = (page: Page, visitor: TestVisitor) => page.locator(`tr[data-visitor-id="${visitor.visitorId}"]`);
