import type { Doc } from './pdf-layout';

/**
 * The structure of a tagged PDF (docs/decisions/0068-tagged-invoice-pdfs.md) over pdfkit's structure API:
 * every drawing call of a template runs inside exactly one marked-content sequence, either content of a
 * structure element (H1, P, TD …) or an Artifact (rules, fills, footers, repeated table headers), so
 * assistive technology reads the text once, in the order the elements are added. Marking adds only
 * BDC/EMC operators around what is drawn: the pages look the same.
 */

export type Element = PDFKit.PDFStructureElement;

/** What an element carries besides its type: Alt for a figure, its own Lang, Scope (a table attribute) for a header cell. */
export interface ElementOptions {
  alt?: string;
  lang?: string;
  scope?: 'Row' | 'Column';
}

/** The open marked-content sequences of the current page (pdfkit keeps them there; the types leave them out). */
interface MarkingInternals {
  page: PDFKit.PDFPage & { markings: PDFKit.Mixins.PageMarking[] };
}

/** The document's root element (Document), attached to the StructTreeRoot; children join it in reading order. */
export function documentRoot(doc: Doc): Element {
  const root = doc.struct('Document');
  doc.addStructure(root);
  return root;
}

/** A new structure element under `parent`, after its earlier children. */
export function element(doc: Doc, parent: Element, type: string, options: ElementOptions = {}): Element {
  const child = doc.struct(type, options as PDFKit.Mixins.StructureElementOptions);
  parent.add(child);
  return child;
}

/**
 * Draws into `target` as one marked-content sequence (the parent is attached, so pdfkit runs the closure
 * now). A page break inside it (PageFlow.newPage) closes the sequence and opens a new one on the next page.
 */
export function content(target: Element, draw: () => void): void {
  target.add(draw);
}

/** A new element of `type` under `parent` holding what `draw` draws. */
export function tagged(
  doc: Doc,
  parent: Element,
  type: string,
  draw: () => void,
  options: ElementOptions = {},
): Element {
  const child = element(doc, parent, type, options);
  content(child, draw);
  return child;
}

/**
 * Draws what is not content (a rule, a fill, a page number, a repeated header) as an Artifact. It must not
 * open inside an element's sequence: pdfkit would close that sequence for good, so this one refuses.
 */
export function artifact(doc: Doc, draw: () => void, type?: 'Pagination' | 'Layout'): void {
  if ((doc as unknown as MarkingInternals).page.markings.length > 0) {
    throw new Error('An artifact cannot be drawn inside a structure element’s content.');
  }
  doc.markContent('Artifact', type ? { type } : {});
  draw();
  doc.endMarkedContent();
}

/**
 * Adds a page with the open marked-content sequences closed at the end of this page and reopened at the
 * start of the next, as pdfkit's own text does (continueOnNewPage); `beforeReopen` draws first, outside
 * them (the repeated table header, an artifact).
 */
export function addPageKeepingMarks(doc: Doc, addPage: () => void, beforeReopen?: () => void): void {
  const open = doc.endPageMarkings((doc as unknown as MarkingInternals).page);
  addPage();
  beforeReopen?.();
  doc.initPageMarkings(open);
}
