import type PDFDocument from 'pdfkit';

/**
 * Factur-X / ZUGFeRD, EN 16931 profile (docs/decisions/0071-factur-x-with-pdfkit.md): our PDF as PDF/A-3b (pdfkit's
 * `subset: 'PDF/A-3b'` writes the pdfaid part 3 conformance B and the sRGB output intent with its bundled ICC profile),
 * the CII XML attached as factur-x.xml, and the Factur-X extension schema in the XMP metadata.
 */

type Doc = InstanceType<typeof PDFDocument>;

/** The attachment's name: the one name the Factur-X and ZUGFeRD 2 readers look for. */
export const FACTURX_FILE_NAME = 'factur-x.xml';
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_CONFORMANCE = 'EN 16931';
/**
 * Alternative: the XML is the same invoice as the PDF, in another form, with the same legal value (the figures are
 * one computation, checked by tests). ZUGFeRD 2 asks for Alternative in Germany; Data would say the XML only
 * carries data the PDF is the invoice of (ADR 71).
 */
export const FACTURX_RELATIONSHIP = 'Alternative';

/** The Factur-X PDF/A extension schema (PDF/A needs every custom XMP property described) and its four values. */
const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>
${[
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
]
  .map(
    ([name, description]) => `                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>${name}</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>${description}</pdfaProperty:description>
                                </rdf:li>`,
  )
  .join('\n')}
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel>
        </rdf:Description>
        `;

/**
 * Attaches the CII XML (already checked by the EN 16931 rules) to a document made with `subset: 'PDF/A-3b'`: an
 * embedded file of subtype text/xml with its dates, a file specification with AFRelationship in the catalog's /AF
 * and /Names /EmbeddedFiles (pdfkit's doc.file), and the Factur-X XMP. `date` is the document's creation date, so
 * equal input still gives equal bytes.
 */
export function attachFacturX(doc: Doc, xml: string, date: Date): void {
  doc.file(Buffer.from(xml, 'utf8'), {
    name: FACTURX_FILE_NAME,
    type: 'text/xml',
    description: 'Factur-X invoice (EN 16931)',
    creationDate: date,
    modifiedDate: date,
    // Not in @types/pdfkit's options; pdfkit 0.20 writes it into the file specification (AttachmentsMixin.file).
    ...({ relationship: FACTURX_RELATIONSHIP } as object),
  });
  doc.appendXML(FACTURX_XMP);
}

/** Text for XML content: pdfkit writes the Info values into the XMP as they are. */
function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface InfoInternals {
  info: Record<string, unknown>;
  _addInfo: () => void;
}

/**
 * pdfkit copies Title, Author, Subject, Creator, Producer and Keywords into the XMP packet unescaped, so "Smith & Co"
 * made malformed XML metadata (which PDF/A readers refuse). The Info dictionary is written before the XMP
 * (PDFDocument.end), so the XMP alone is given escaped copies.
 */
export function escapeXmpInfo(doc: Doc): void {
  const internals = doc as unknown as InfoInternals;
  const addInfo = internals._addInfo;
  internals._addInfo = function (this: InfoInternals) {
    const info = this.info;
    this.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? xmlText(value) : value]),
    );
    try {
      addInfo.call(this);
    } finally {
      this.info = info;
    }
  };
}
