// What the pages' scripts find on window besides the DOM: htmx, loaded before them (only
// the part of its API they call).
interface HtmxAjaxContext {
  source: Element;
  target: Element | string;
  swap?: string;
}
interface Htmx {
  ajax(verb: string, path: string, context: HtmxAjaxContext): Promise<void>;
}
interface Window {
  htmx?: Htmx;
}
