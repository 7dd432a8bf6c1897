// What the pages' scripts find on window besides the DOM: htmx, loaded before them.
interface Window {
  htmx?: unknown;
}
