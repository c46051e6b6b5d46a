// saxon-js ships no types; these are the few calls the e-invoice rules engine makes (einvoice-rules-engine.ts).
declare module 'saxon-js' {
  export interface SaxonNode {
    readonly nodeType: number;
  }
  interface TransformOptions {
    stylesheetInternal: unknown;
    sourceNode: SaxonNode;
    destination: 'document';
  }
  interface Platform {
    parseXmlFromString(text: string): SaxonNode;
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: SaxonNode };
    getPlatform(): Platform;
    XPath: {
      evaluate(
        xpath: string,
        context: SaxonNode,
        options: { namespaceContext?: Record<string, string>; resultForm?: 'array' | 'iterator' | 'default' },
      ): unknown;
    };
  };
  export default SaxonJS;
}
