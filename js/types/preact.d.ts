// What js/dom.js takes from Preact, for the type check (tsconfig.json maps "preact" here): the check then runs the
// same with or without node_modules, and only the views' reads of the synced state are its business.
declare module "preact" {
  export function h(type: string, props: object | null, ...children: unknown[]): object;
  export function render(vnode: unknown, parent: Element | DocumentFragment): void;
}
