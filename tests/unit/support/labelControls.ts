import { createRequire } from 'node:module';

interface NodeImpl {
  _version: number;
  getRootNode(options: object): NodeImpl;
}

interface LabelImplClass {
  prototype: NodeImpl & { control: NodeImpl | null };
}

/**
 * Makes jsdom remember which field each `<label>` names until the tree the label is in changes.
 *
 * Testing Library names a field by its labels (`input.labels`), and jsdom finds them by asking every label in the
 * document for its field, each search walking the whole document for the `for` id. Asked for each field of a
 * form in a whole page, that is most of the time of a `getByRole(…, { name })` or `getByLabelText`. What a
 * label names depends only on the tree it is in, and jsdom counts every change to that tree (a node added or
 * removed, an attribute set) in the version of its root: the answer is kept only while that version is the one
 * it was found at, so it is always the one jsdom would give.
 */
export function rememberLabelControls() {
  const require = createRequire(import.meta.url);
  const { implementation: Label } = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as {
    implementation: LabelImplClass;
  };
  const find = Object.getOwnPropertyDescriptor(Label.prototype, 'control')?.get;
  if (!find) throw new Error("jsdom's HTMLLabelElement has no control getter to remember");
  const found = new WeakMap<NodeImpl, { root: NodeImpl; version: number; control: NodeImpl | null }>();
  Object.defineProperty(Label.prototype, 'control', {
    configurable: true,
    get(this: NodeImpl) {
      const root = this.getRootNode({});
      const known = found.get(this);
      if (known && known.root === root && known.version === root._version) return known.control;
      const control = find.call(this) as NodeImpl | null;
      found.set(this, { root, version: root._version, control });
      return control;
    },
  });
}
