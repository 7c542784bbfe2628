// Two-step confirmation in the page instead of the browser's confirm(): the first press turns the
// button into its question ("Confirm resign?") for a few seconds; a second press within them acts,
// otherwise the button goes back to what it said.

export const CONFIRM_MS = 3000;

// button: the button; question(): the words it shows while it asks; act(): what the second press does.
export function twoStep(button, question, act) {
  let timer = null, said = '';
  const reset = () => {
    clearTimeout(timer);
    timer = null;
    button.classList.remove('confirming');
    button.textContent = said;
  };
  button.addEventListener('click', () => {
    if (timer) {
      reset();
      act();
      return;
    }
    said = button.textContent;
    button.textContent = question();
    button.classList.add('confirming');
    timer = setTimeout(reset, CONFIRM_MS);
  });
}
