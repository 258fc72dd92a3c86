import {
  type ComponentChild,
  type ContainerNode,
  createElement,
  hydrate,
  options,
  render,
  type VNode,
} from "preact";
import { Suspense } from "preact/compat";

/*
 * `react-dom/client` in the browser build, where `react` and `react-dom` are Preact's
 * compatibility layer (vite.config.ts, ADR 86). The server still renders with React; this is
 * what it takes for Preact to take over that HTML:
 *
 *  - React Router hydrates the whole document (`hydrateRoot(document, …)`) and its root renders
 *    `<html>`. Preact, given `document`, would hydrate into `<html>` and look for an `<html>`
 *    among `<head>` and `<body>`; it gets a parent whose only child is `<html>` instead.
 *  - Preact does not compare attributes while it hydrates, so the DOM keeps React's `useId`
 *    values (`_R_…_`) while Preact's components go on with their own: a dialog opened later
 *    would point its trigger's `aria-controls` at an id no element has. Once, when Preact first
 *    renders an element, the attributes that carry ids (`id`, `for`, `aria-*`) are set to what
 *    Preact rendered.
 */

/** What Preact reads and calls on the node it renders into, for the document itself. */
function documentParent(doc: Document): ContainerNode {
  const replace = <T extends Node>(node: T): T => {
    if ((node as Node) !== doc.documentElement) doc.replaceChild(node, doc.documentElement);
    return node;
  };
  const parent = {
    nodeType: 1,
    namespaceURI: doc.documentElement.namespaceURI,
    ownerDocument: doc,
    parentNode: null,
    get firstChild() {
      return doc.documentElement;
    },
    get childNodes() {
      return [doc.documentElement];
    },
    contains: (node: Node | null) => doc.contains(node),
    insertBefore: replace,
    appendChild: replace,
    removeChild: <T extends Node>(node: T): T => node,
  };
  return parent as unknown as ContainerNode;
}

/*
 * A task later, by a message as React's scheduler does it, not by a timer or an animation frame:
 * React runs hydration and effects that way, and a page whose timers are stopped (a browser
 * test's fake clock) still hydrates and runs its effects. Preact runs `useEffect` after the next
 * frame (a timer racing `requestAnimationFrame`) unless `options.requestAnimationFrame` says
 * otherwise.
 */
const queued: Array<() => void> = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  for (const callback of queued.splice(0)) callback();
};
function nextTask(callback: () => void) {
  if (queued.push(callback) === 1) channel.port2.postMessage(null);
}
options.requestAnimationFrame = nextTask;

const ID_ATTRIBUTE = /^(id|for|htmlFor|aria-.+)$/;

type RenderedVNode = VNode<Record<string, unknown>> & { __e?: Node | null };

/**
 * The elements Preact has rendered once: the first time is when it hydrates an element (or
 * creates it, and then the attributes already match), so each is looked at once.
 */
const adopted = new WeakSet<Element>();
const diffed = options.diffed;
options.diffed = (vnode) => {
  const element = (vnode as RenderedVNode).__e;
  if (typeof vnode.type === "string" && element instanceof Element && !adopted.has(element)) {
    adopted.add(element);
    adoptIdAttributes(element, (vnode as RenderedVNode).props);
  }
  diffed?.(vnode);
};

function adoptIdAttributes(element: Element, props: Record<string, unknown>) {
  for (const name in props) {
    if (!ID_ATTRIBUTE.test(name)) continue;
    const value = props[name];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
      continue;
    const attribute = name === "htmlFor" ? "for" : name;
    if (element.getAttribute(attribute) !== String(value))
      element.setAttribute(attribute, String(value));
  }
}

interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

function rootOf(container: ContainerNode): Root {
  return {
    render: (children) => render(children, container),
    unmount: () => render(null, container),
  };
}

export function createRoot(container: Element | DocumentFragment): Root {
  const parent = container as unknown as ContainerNode;
  // Like React's createRoot, whatever the container held is replaced.
  if (!(parent as { __k?: unknown }).__k) container.textContent = "";
  return rootOf(parent);
}

/**
 * Hydrates a task later, as React does (its roots render from the scheduler): React Router's
 * entry module shares the framework chunk, which runs while the route modules are imported,
 * before the page's inline script has set `window.__reactRouterRouteModules`. And inside a
 * Suspense boundary, which React's roots are: `HydratedRouter` suspends until the loader data
 * streamed into the page is decoded, and Preact keeps the server's DOM until it resumes.
 */
export function hydrateRoot(container: Element | Document, children: ComponentChild): Root {
  let parent = container as unknown as ContainerNode;
  if (container.nodeType === Node.DOCUMENT_NODE) {
    const doc = container as Document;
    // React's server adds `<link rel="preload">` for the page's images ahead of the head's own
    // tags; Preact, matching elements by tag name, would take one for the icon's `<link>` and
    // drop a later one. The browser has started those images already.
    for (const preload of doc.head.querySelectorAll('link[rel="preload"]')) preload.remove();
    parent = documentParent(doc);
  }
  nextTask(() => hydrate(createElement(Suspense, { fallback: null }, children), parent));
  return rootOf(parent);
}
