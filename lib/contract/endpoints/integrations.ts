import { endpointGroup } from "../endpoint";
import { canvasResponseSchema, intercomInitializeRequestSchema, intercomSubmitRequestSchema } from "../intercom";

/** Helpdesk apps' server endpoints: Intercom's inbox app (Canvas Kit). Off (404) until INTERCOM_CLIENT_SECRET is set. */
export const integrationEndpoints = endpointGroup(
  { group: "integrations", auth: "intercom-signature" },
  {
    initializeIntercomCanvas: {
      route: "POST /integrations/intercom/initialize",
      summary: "Intercom inbox app: the first canvas",
      description: "The conversation contact's visitors (matched by email or external id), online or offline, with a Co-browse button for each.",
      body: intercomInitializeRequestSchema,
      ok: { json: canvasResponseSchema },
    },
    submitIntercomCanvas: {
      route: "POST /integrations/intercom/submit",
      summary: "Intercom inbox app: a button was pressed",
      description: "Co-browse: a canvas whose button opens the live session (a Secure watch link, for the teammate as the agent).",
      body: intercomSubmitRequestSchema,
      ok: { json: canvasResponseSchema },
      errors: ["visitor_not_found", "subscription_limit"],
    },
  },
);
