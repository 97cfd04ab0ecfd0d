import { BUTTON, FONT, element, ownPart } from "./ui";

/** The visitor's answer: a rating of 1 to 5 and an optional comment. */
export interface FeedbackAnswer {
  rating: number;
  comment: string | null;
}

/**
 * "How did this session go?" once a session ends, when the team asks its visitors: a non-modal dialog
 * with a radio group "Rating" (1 to 5), an optional comment, Send feedback and Not now. Resolves with
 * the answer, or null when dismissed.
 */
export function askFeedback(): Promise<FeedbackAnswer | null> {
  const form = ownPart(
    "form",
    `${FONT}position:fixed;z-index:2147483646;right:16px;bottom:16px;width:300px;padding:16px;border-radius:12px;box-shadow:0 10px 40px rgba(0,0,0,.3);color:#18181b;background:#fff;`,
    "feedback",
    "dialog",
    "How did this session go?",
  );
  const title = element("h2", "margin:0 0 8px;font-size:16px;font-weight:600;", "How did this session go?");
  const ratings = element("fieldset", "display:flex;gap:10px;border:0;margin:0 0 8px;padding:0;");
  ratings.setAttribute("role", "radiogroup");
  ratings.setAttribute("aria-label", "Rating");
  for (let rating = 1; rating <= 5; rating++) {
    const label = element("label", "cursor:pointer;");
    const radio = element("input", "margin-right:4px;");
    radio.type = "radio";
    radio.name = "rating";
    radio.value = String(rating);
    radio.required = true;
    label.append(radio, String(rating));
    ratings.append(label);
  }
  const comment = element("textarea", `${FONT}box-sizing:border-box;width:100%;margin:0 0 10px;padding:6px;border:1px solid #a1a1aa;border-radius:6px;`);
  comment.maxLength = 2000;
  comment.rows = 2;
  comment.setAttribute("aria-label", "Comment (optional)");
  comment.placeholder = "Comment (optional)";
  const later = element("button", `${BUTTON}background:#fff;color:#4f46e5;margin-right:8px;`, "Not now");
  const send = element("button", `${BUTTON}background:#4f46e5;color:#fff;`, "Send feedback");
  later.type = "button";
  send.type = "submit";
  const actions = element("div", "display:flex;justify-content:flex-end;");
  actions.append(later, send);
  form.append(title, ratings, comment, actions);
  document.body.appendChild(form);

  return new Promise((resolve) => {
    const finish = (answer: FeedbackAnswer | null) => {
      form.remove();
      resolve(answer);
    };
    later.addEventListener("click", () => finish(null));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const checked = form.querySelector<HTMLInputElement>("input:checked");
      if (checked) finish({ rating: Number(checked.value), comment: comment.value.trim() || null });
    });
  });
}
