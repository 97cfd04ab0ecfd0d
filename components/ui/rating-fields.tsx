import { useId } from "react";
import { FEEDBACK_COMMENT_MAX_LENGTH } from "@/lib/contract/agent";

const RATINGS = [1, 2, 3, 4, 5] as const;
const RATING_WORDS = ["Very poorly", "Poorly", "OK", "Well", "Very well"];

/**
 * The fields of "How did this session go?": a rating of 1 to 5 (a radio group named `rating`, each choice
 * titled in words) and an optional comment (`comment`).
 */
export function RatingFields() {
  const id = useId();
  return (
    <>
      <fieldset role="radiogroup" aria-label="Rating" className="flex flex-wrap gap-2">
        <legend className="sr-only">Rating</legend>
        {RATINGS.map((rating) => (
          <label
            key={rating}
            title={RATING_WORDS[rating - 1]}
            className="flex cursor-pointer items-center gap-1.5 rounded-md border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-zinc-700 dark:has-checked:bg-brand-700/30"
          >
            <input type="radio" name="rating" value={rating} />
            {rating}
            <span className="sr-only"> of 5</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-comment`} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        Comment (optional)
      </label>
      <textarea
        id={`${id}-comment`}
        name="comment"
        rows={2}
        maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      />
    </>
  );
}
