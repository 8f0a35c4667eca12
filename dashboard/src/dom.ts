// A few lines of DOM building instead of a framework: elements from a tag, properties and children.
// Text is always set as text (never HTML), so nothing the API returns can become markup.
type Child = Node | string | number | null | undefined | false;

interface Props {
  class?: string;
  testid?: string;
  attrs?: Record<string, string | undefined>;
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.testid) element.dataset.testid = props.testid;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const [name, handler] of Object.entries(props.on ?? {})) {
    element.addEventListener(name, handler as EventListener);
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs: Record<string, string | number>, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  append(element, children);
  return element;
}

export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return date.toLocaleString('en-AU', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  });
}

export function badge(text: string, kind: string, testid?: string): HTMLElement {
  return h('span', { class: `badge badge-${kind}`, testid }, text);
}

export function button(
  label: string,
  onClick: () => void | Promise<void>,
  options: { kind?: 'primary' | 'secondary' | 'danger' | 'ghost'; testid?: string } = {},
): HTMLButtonElement {
  const el = h('button', {
    class: `btn btn-${options.kind ?? 'secondary'}`,
    testid: options.testid,
    attrs: { type: 'button' },
  });
  el.textContent = label;
  el.addEventListener('click', async () => {
    el.disabled = true;
    try {
      await onClick();
    } finally {
      el.disabled = false;
    }
  });
  return el;
}
