/**
 * Step-up: a sensitive admin action answered STEP_UP_REQUIRED asks the signed-in admin for their
 * password (the dialog registers itself here) and, once confirmed, is sent again by `api`.
 */
type Prompt = () => Promise<boolean>;
let prompt: Prompt | null = null;
let pending: Promise<boolean> | null = null;

/** The dialog that asks for the password; returns a function that unregisters it. */
export function registerStepUpPrompt(p: Prompt): () => void {
  prompt = p;
  return () => {
    if (prompt === p) prompt = null;
  };
}

/** True once the password is confirmed; false when nobody can ask or the admin cancelled. */
export function confirmStepUp(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  // Several refused requests at once share one dialog.
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}
