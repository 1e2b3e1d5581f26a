// Boxes that scroll by themselves (the log, the chat, a board wider than a phone) take the keyboard focus while
// their content overflows, so that a keyboard reaches and scrolls them (arrow keys); a box that fits is no tab stop.
// A box that sets its own tabindex is left as it is.
const SCROLLERS = ".board-scroll, .events, .lines";

export function focusableScrollers(root) {
  const check = (el) => {
    const over = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    if (over && !el.hasAttribute("tabindex")) { el.setAttribute("tabindex", "0"); el.dataset.scrollFocus = "yes"; }
    else if (!over && el.dataset.scrollFocus) { el.removeAttribute("tabindex"); delete el.dataset.scrollFocus; }
  };
  const sizes = new ResizeObserver((seen) => seen.forEach((e) => check(e.target)));
  const watched = new WeakSet();
  const scan = () => root.querySelectorAll(SCROLLERS).forEach((el) => {
    if (!watched.has(el)) { watched.add(el); sizes.observe(el); }
    check(el);
  });
  new MutationObserver(scan).observe(root, { childList: true, subtree: true, characterData: true });
  scan();
}
