/**
 * Dark when chosen (the theme toggle's "theme" in localStorage), or when unchosen and the system is dark.
 * Self-contained: the root layout inlines its source as the head's script.
 */
export function applyPreferredTheme() {
  try {
    const chosen = localStorage.getItem("theme");
    if (chosen === "dark" || (!chosen && matchMedia("(prefers-color-scheme: dark)").matches)) document.documentElement.classList.add("dark");
  } catch {
    // Storage blocked: the light theme stands.
  }
}
