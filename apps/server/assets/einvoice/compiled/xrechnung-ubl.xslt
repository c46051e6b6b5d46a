<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cn="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2" xmlns:svrl="http://purl.oclc.org/dsdl/svrl" xmlns:u="utils" xmlns:ubl-creditnote="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:ubl-invoice="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="3.0" exclude-result-prefixes="#all"><!-- 4 absolute paths of the asserts as global variables (ADR 76) --><xsl:variable name="invoicer-hoisted-1" select="/ubl:Invoice/cac:InvoiceLine[ exists (./cac:SubInvoiceLine) ]"/><xsl:variable name="invoicer-hoisted-2" select="//cac:SubInvoiceLine [count(cac:SubInvoiceLine) &gt; 0 and xs:decimal(cbc:LineExtensionAmount) = sum(cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))]"/><xsl:variable name="invoicer-hoisted-3" select="//cac:SubInvoiceLine [count(cac:SubInvoiceLine) &gt; 0]"/><xsl:variable name="invoicer-hoisted-4" select="//cac:SubInvoiceLine/cac:Item[ count ( cac:ClassifiedTaxCategory) != 1]"/>
   <xsl:output method="xml" indent="no"/>
   <xsl:variable name="isExtension" select="exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', $XR-MAJOR-MINOR-VERSION ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', $XR-MAJOR-MINOR-VERSION) ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', $XR-MAJOR-MINOR-VERSION ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', $XR-MAJOR-MINOR-VERSION) ] )"/>
   <xsl:variable name="isCVD" select="(/ubl:Invoice | /cn:CreditNote)/cbc:CustomizationID/text() = $XR-CVD-ID"/>
   <xsl:variable name="XR-MAJOR-MINOR-VERSION" select="'3.0'"/>
   <xsl:variable name="CVD-MAJOR-MINOR-VERSION" select="'0.9'"/>
   <xsl:variable name="XR-CIUS-ID" select="concat('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', $XR-MAJOR-MINOR-VERSION )"/>
   <xsl:variable name="XR-EXTENSION-ID" select="concat($XR-CIUS-ID, '#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_' ,$XR-MAJOR-MINOR-VERSION )"/>
   <xsl:variable name="XR-CVD-ID" select="concat($XR-CIUS-ID, '#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_' , $CVD-MAJOR-MINOR-VERSION )"/>
   <xsl:variable name="XR-SKONTO-REGEX" select="'(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$'"/>
   <xsl:variable name="XR-EMAIL-REGEX" select="'^[^@\s]+@([^@.\s]+\.)+[^@.\s]+$'"/>
   <xsl:variable name="XR-TELEPHONE-REGEX" select="'.*([0-9].*){3,}.*'"/>
   <xsl:variable name="XR-URL-REGEX" select="'^([a-zA-Z])([a-zA-Z0-9+.-])+:.*'"/>
   <xsl:variable name="DIGA-CODES" select="' XR01 XR02 XR03 '"/>
   <xsl:variable name="ISO-6523-ICD-CODES" select="' 0002 0003 0004 0005 0006 0007 0008 0009 0010 0011 0012 0013 0014 0015 0016 0017 0018 0019 0020 0021 0022 0023 0024 0025 0026 0027 0028 0029 0030 0031 0032 0033 0034 0035 0036 0037 0038 0039 0040 0041 0042 0043 0044 0045 0046 0047 0048 0049 0050 0051 0052 0053 0054 0055 0056 0057 0058 0059 0060 0061 0062 0063 0064 0065 0066 0067 0068 0069 0070 0071 0072 0073 0074 0075 0076 0077 0078 0079 0080 0081 0082 0083 0084 0085 0086 0087 0088 0089 0090 0091 0093 0094 0095 0096 0097 0098 0099 0100 0101 0102 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114 0115 0116 0117 0118 0119 0120 0121 0122 0123 0124 0125 0126 0127 0128 0129 0130 0131 0132 0133 0134 0135 0136 0137 0138 0139 0140 0141 0142 0143 0144 0145 0146 0147 0148 0149 0150 0151 0152 0153 0154 0155 0156 0157 0158 0159 0160 0161 0162 0163 0164 0165 0166 0167 0168 0169 0170 0171 0172 0173 0174 0175 0176 0177 0178 0179 0180 0183 0184 0185 0186 0187 0188 0189 0190 0191 0192 0193 0194 0195 0196 0197 0198 0199 0200 0201 0202 0203 0204 0205 0206 0207 0208 0209 0210 0211 0212 0213 0214 0215 0216 0217 0218 0219 0220 0221 0222 0223 0224 0225 0226 0227 0228 0229 0230 0231 0232 0233 0234 0235 0236 0237 0238 0239 0240 0241 0242 0243 0244 0245 0246 0247 0248 '"/>
   <xsl:variable name="ISO-6523-ICD-EXT-CODES" select="concat($DIGA-CODES, $ISO-6523-ICD-CODES)"/>
   <xsl:variable name="CEF-EAS-CODES" select="' 0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0244 0242 0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM '"/>
   <xsl:variable name="CEF-EAS-EXT-CODES" select="concat($DIGA-CODES, $CEF-EAS-CODES)"/>
   <xsl:variable name="CVD-CODE" select="' CVD '"/>
   <xsl:variable name="UNTDID-7143-CODES" select="' AA AB AC AD AE AF AG AH AI AJ AK AL AM AN AO AP AQ AR AS AT AU AV AW AX AY AZ BA BB BC BD BE BF BG BH BI BJ BK BL BM BN BO BP BQ BR BS BT BU BV BW BX BY BZ CC CG CL CR CV DR DW EC EF EMD EN FS GB GN GMN GS HS IB IN IS IT IZ MA MF MN MP NB ON PD PL PO PPI PV QS RC RN RU RY SA SG SK SN SRS SRT SRU SRV SRW SRX SRY SRZ SS SSA SSB SSC SSD SSE SSF SSG SSH SSI SSJ SSK SSL SSM SSN SSO SSP SSQ SSR SSS SST SSU SSV SSW SSX SSY SSZ ST STA STB STC STD STE STF STG STH STI STJ STK STL STM STN STO STP STQ STR STS STT STU STV STW STX STY STZ SUA SUB SUC SUD SUE SUF SUG SUH SUI SUJ SUK SUL SUM TG TSN TSO TSP TSQ TSR TSS TST TSU UA UP VN VP VS VX ZZZ '"/>
   <xsl:variable name="UNTDID-7143-CVD-CODES" select="concat($CVD-CODE, $UNTDID-7143-CODES)"/>
   <xsl:variable name="CVD-VEHICLE-CATEGORY" select="('M1', 'M2', 'M3', 'N1', 'N2', 'N3')"/>
   <xsl:variable name="CVA-CODES" select="('clean', 'zero-emission', 'other')"/>
   <xsl:template match="/">
      <svrl:schematron-output title="Schematron Version @xr-schematron.version.full@ - XRechnung @xrechnung.version@ compatible - UBL - Invoice / Creditnote" schemaVersion="">
         <svrl:active-pattern id="variable-pattern"/>
         <xsl:apply-templates select="/" mode="p1"/>
         <svrl:active-pattern id="ubl-pattern"/>
         <xsl:apply-templates select="/" mode="p2"/>
         <svrl:active-pattern id="ubl-extension-pattern"/>
         <xsl:apply-templates select="/" mode="p3"/>
         <svrl:active-pattern id="ubl-cvd-pattern"/>
         <xsl:apply-templates select="/" mode="p4"/>
      </svrl:schematron-output>
   </xsl:template>
   <xsl:template match="/|node()|@*" mode="p1" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p1"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice | /cn:CreditNote" mode="p2" priority="1010">
      <svrl:fired-rule context="/ubl:Invoice | /cn:CreditNote"/>
      <xsl:if test="not(cac:PaymentMeans)">
         <svrl:failed-assert test="cac:PaymentMeans">
            <xsl:attribute name="id" select="'BR-DE-1'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-1] Eine Rechnung (INVOICE) muss Angaben zu "PAYMENT INSTRUCTIONS" (BG-16) enthalten.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:BuyerReference[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:BuyerReference[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-15'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-15] Das Element "Buyer reference" (BT-10) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:variable name="supportedVATCodes" select="('S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M')"/>
      <xsl:variable name="BT-31orBT-32Path" select="cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID[boolean(normalize-space(.))]"/>
      <xsl:variable name="BT-95-UBL-Inv" select="cac:AllowanceCharge/cac:TaxCategory/cbc:ID[ancestor::cac:AllowanceCharge/cbc:ChargeIndicator = 'false' and         following-sibling::cac:TaxScheme/cbc:ID = 'VAT']"/>
      <xsl:variable name="BT-95-UBL-CN" select="cac:AllowanceCharge/cac:TaxCategory/cbc:ID[ancestor::cac:AllowanceCharge/cbc:ChargeIndicator = 'false']"/>
      <xsl:variable name="BT-102" select="cac:AllowanceCharge/cac:TaxCategory/cbc:ID[ancestor::cac:AllowanceCharge/cbc:ChargeIndicator = 'true']"/>
      <xsl:variable name="BT-151" select="(cac:InvoiceLine | cac:CreditNoteLine)/cac:Item/cac:ClassifiedTaxCategory/cbc:ID"/>
      <xsl:if test="not(         (not(           ($BT-95-UBL-Inv = $supportedVATCodes or $BT-95-UBL-CN = $supportedVATCodes) or           ($BT-102 = $supportedVATCodes) or           ($BT-151 = $supportedVATCodes)         ) or         (cac:TaxRepresentativeParty, $BT-31orBT-32Path))         )">
         <svrl:failed-assert test="         (not(           ($BT-95-UBL-Inv = $supportedVATCodes or $BT-95-UBL-CN = $supportedVATCodes) or           ($BT-102 = $supportedVATCodes) or           ($BT-151 = $supportedVATCodes)         ) or         (cac:TaxRepresentativeParty, $BT-31orBT-32Path))         ">
            <xsl:attribute name="id" select="'BR-DE-16'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-16] Wenn in einer Rechnung die Steuercodes S, Z, E, AE, K, G, L oder M verwendet werden, muss mindestens eines der Elemente "Seller VAT identifier" (BT-31), "Seller tax registration identifier" (BT-32)
        oder "SELLER TAX REPRESENTATIVE PARTY" (BG-11) übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:variable name="supportedInvAndCNTypeCodes" select="('326', '380', '384', '389', '381', '875', '876', '877')"/>
      <xsl:if test="not(normalize-space(cbc:InvoiceTypeCode) = $supportedInvAndCNTypeCodes         or normalize-space(cbc:CreditNoteTypeCode) = $supportedInvAndCNTypeCodes)">
         <svrl:failed-assert test="normalize-space(cbc:InvoiceTypeCode) = $supportedInvAndCNTypeCodes         or normalize-space(cbc:CreditNoteTypeCode) = $supportedInvAndCNTypeCodes">
            <xsl:attribute name="id" select="'BR-DE-17'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-17] Mit dem Element "Invoice type code" (BT-3) sollen ausschließlich folgende Codes aus der Codeliste UNTDID 1001 übermittelt werden: 326 (Partial invoice), 380 (Commercial invoice), 384 (Corrected invoice), 389 (Self-billed invoice) und 381 (Credit note),875 (Partial construction invoice), 876 (Partial final construction invoice), 877 (Final construction invoice).</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(every $line in             cac:PaymentTerms/cbc:Note[1]/tokenize(. , '(\r?\n)')[starts-with( normalize-space(.) , '#')]              satisfies matches ( normalize-space ($line), $XR-SKONTO-REGEX)                                  and                                 matches( cac:PaymentTerms/cbc:Note[1]/tokenize(. ,  '#.+#')[last()], '^\s*\n' ))">
         <svrl:failed-assert test="every $line in             cac:PaymentTerms/cbc:Note[1]/tokenize(. , '(\r?\n)')[starts-with( normalize-space(.) , '#')]              satisfies matches ( normalize-space ($line), $XR-SKONTO-REGEX)                                  and                                 matches( cac:PaymentTerms/cbc:Note[1]/tokenize(. ,  '#.+#')[last()], '^\s*\n' )">
            <xsl:attribute name="id" select="'BR-DE-18'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-18] Skonto Zeilen in </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> müssen diesem regulärem Ausdruck entsprechen: </xsl:text>
               <xsl:value-of select="$XR-SKONTO-REGEX"/>
               <xsl:text>. Die Informationen zur Gewährung von Skonto müssen wie folgt im Element "Payment terms" (BT-20) übermittelt werden: Anzugeben ist im ersten Segment "SKONTO", im zweiten "TAGE=n", im dritten "PROZENT=n". Prozentzahlen sind ohne Vorzeichen sowie mit Punkt getrennt von zwei Nachkommastellen anzugeben. Liegt dem zu berechnenden Betrag nicht BT-115, "fälliger Betrag" zugrunde, sondern nur ein Teil des fälligen Betrags der Rechnung, ist der Grundwert zur Berechnung von Skonto als viertes Segment "BASISBETRAG=n" gemäß dem semantischen Datentypen Amount anzugeben. Jeder Eintrag beginnt mit einer #, die Segmente sind mit einer # getrennt und eine Zeile schließt mit einer # ab. Am Ende einer vollständigen Skontoangabe muss ein XML-konformer Zeilenumbruch folgen. Alle Angaben zur Gewährung von Skonto müssen in Großbuchstaben gemacht werden. Zusätzliches Whitespace (Leerzeichen, Tabulatoren oder Zeilenumbrüche) ist nicht zulässig. Andere Zeichen oder Texte als in den oberen Vorgaben genannt sind nicht zulässig.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:CustomizationID = $XR-CIUS-ID or                     cbc:CustomizationID = $XR-EXTENSION-ID or                     cbc:CustomizationID = $XR-CVD-ID)">
         <svrl:failed-assert test="cbc:CustomizationID = $XR-CIUS-ID or                     cbc:CustomizationID = $XR-EXTENSION-ID or                     cbc:CustomizationID = $XR-CVD-ID">
            <xsl:attribute name="id" select="'BR-DE-21'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-21] Das Element "Specification identifier" (BT-24) soll syntaktisch der Kennung des Standards XRechnung entsprechen.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(count(cac:AdditionalDocumentReference) =                      count(cac:AdditionalDocumentReference[not(./cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename = preceding-sibling::cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename)]))">
         <svrl:failed-assert test="count(cac:AdditionalDocumentReference) =                      count(cac:AdditionalDocumentReference[not(./cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename = preceding-sibling::cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename)])">
            <xsl:attribute name="id" select="'BR-DE-22'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-22] Das "filename"-Attribut aller "EmbeddedDocumentBinaryObject"-Elemente muss eindeutig sein</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(((not(normalize-space(cbc:InvoiceTypeCode) = '384' or normalize-space(cbc:CreditNoteTypeCode) = '384') or                     (cac:BillingReference/cac:InvoiceDocumentReference))))">
         <svrl:failed-assert test="((not(normalize-space(cbc:InvoiceTypeCode) = '384' or normalize-space(cbc:CreditNoteTypeCode) = '384') or                     (cac:BillingReference/cac:InvoiceDocumentReference)))">
            <xsl:attribute name="id" select="'BR-DE-26'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-26] Wenn im Element "Invoice type code" (BT-3) der Code 384 (Corrected invoice) übergeben wird, soll PRECEDING INVOICE REFERENCE BG-3 mind. einmal vorhanden sein.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(cac:PaymentMeans/cac:PaymentMandate)                        or (cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID[@schemeID='SEPA']                          | cac:PayeeParty/cac:PartyIdentification/cbc:ID[@schemeID='SEPA']))">
         <svrl:failed-assert test="not(cac:PaymentMeans/cac:PaymentMandate)                        or (cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID[@schemeID='SEPA']                          | cac:PayeeParty/cac:PartyIdentification/cbc:ID[@schemeID='SEPA'])">
            <xsl:attribute name="id" select="'BR-DE-30'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-30] Wenn "DIRECT DEBIT" BG-19 vorhanden ist, dann muss "Bank assigned creditor identifier" BT-90 übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(cac:PaymentMeans/cac:PaymentMandate) or (cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID))">
         <svrl:failed-assert test="not(cac:PaymentMeans/cac:PaymentMandate) or (cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID)">
            <xsl:attribute name="id" select="'BR-DE-31'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-31] Wenn "DIRECT DEBIT" BG-19 vorhanden ist, dann muss "Debited account identifier" BT-91 übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cac:Delivery/cbc:ActualDeliveryDate         or cac:InvoicePeriod         or (every $line in (cac:InvoiceLine | cac:CreditNoteLine) satisfies $line/cac:InvoicePeriod))">
         <svrl:failed-assert test="cac:Delivery/cbc:ActualDeliveryDate         or cac:InvoicePeriod         or (every $line in (cac:InvoiceLine | cac:CreditNoteLine) satisfies $line/cac:InvoicePeriod)">
            <xsl:attribute name="id" select="'BR-DE-TMP-32'"/>
            <xsl:attribute name="flag" select="'information'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-TMP-32] Eine Rechnung sollte zur Angabe des Liefer-/Leistungsdatums entweder BT-72 "Actual delivery date", BG-14 "Invoicing period" oder in jeder Rechnungsposition BG-26 "Invoice line period" enthalten.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference | /cn:CreditNote/cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference" mode="p2" priority="1009">
      <svrl:fired-rule context="/ubl:Invoice/cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference | /cn:CreditNote/cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference"/>
      <xsl:if test="not(matches(cbc:URI, $XR-URL-REGEX))">
         <svrl:failed-assert test="matches(cbc:URI, $XR-URL-REGEX)">
            <xsl:attribute name="id" select="'BR-TMP-2'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-TMP-2] BT-124 "External document location" muss eine absolute URL mit gültigem Schema enthalten.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:AccountingSupplierParty | /cn:CreditNote/cac:AccountingSupplierParty" mode="p2" priority="1008">
      <svrl:fired-rule context="/ubl:Invoice/cac:AccountingSupplierParty | /cn:CreditNote/cac:AccountingSupplierParty"/>
      <xsl:if test="not(cac:Party/cac:Contact)">
         <svrl:failed-assert test="cac:Party/cac:Contact">
            <xsl:attribute name="id" select="'BR-DE-2'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-2] Die Gruppe "SELLER CONTACT" (BG-6) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress | /cn:CreditNote/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress" mode="p2" priority="1007">
      <svrl:fired-rule context="/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress | /cn:CreditNote/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress"/>
      <xsl:if test="not(cbc:CityName[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:CityName[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-3'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-3] Das Element "Seller city" (BT-37) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:PostalZone[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:PostalZone[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-4'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-4] Das Element "Seller post code" (BT-38) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:Contact | /cn:CreditNote/cac:AccountingSupplierParty/cac:Party/cac:Contact" mode="p2" priority="1006">
      <svrl:fired-rule context="/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:Contact | /cn:CreditNote/cac:AccountingSupplierParty/cac:Party/cac:Contact"/>
      <xsl:if test="not(cbc:Name[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:Name[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-5'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-5] Das Element "Seller contact point" (BT-41) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:Telephone[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:Telephone[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-6'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-6] Das Element "Seller contact telephone number" (BT-42) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:ElectronicMail[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:ElectronicMail[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-7'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-7] Das Element "Seller contact email address" (BT-43) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(matches(normalize-space(cbc:Telephone), $XR-TELEPHONE-REGEX))">
         <svrl:failed-assert test="matches(normalize-space(cbc:Telephone), $XR-TELEPHONE-REGEX)">
            <xsl:attribute name="id" select="'BR-DE-27'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-27] In BT-42 sollen mindestens drei Ziffern enthalten sein.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(matches(normalize-space(cbc:ElectronicMail), $XR-EMAIL-REGEX))">
         <svrl:failed-assert test="matches(normalize-space(cbc:ElectronicMail), $XR-EMAIL-REGEX)">
            <xsl:attribute name="id" select="'BR-DE-28'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-28] In BT-43 soll genau ein @-Zeichen enthalten sein, welches nicht von einem Leerzeichen, einem Punkt, aber mindestens zwei Zeichen auf beiden Seiten flankiert werden soll. Ein Punkt sollte nicht am Anfang oder am Ende stehen.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress | /cn:CreditNote/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress" mode="p2" priority="1005">
      <svrl:fired-rule context="/ubl:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress | /cn:CreditNote/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress"/>
      <xsl:if test="not(cbc:CityName[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:CityName[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-8'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-8] Das Element "Buyer city" (BT-52) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:PostalZone[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:PostalZone[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-9'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-9] Das Element "Buyer post code" (BT-53) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address | /cn:CreditNote/cac:Delivery/cac:DeliveryLocation/cac:Address" mode="p2" priority="1004">
      <svrl:fired-rule context="/ubl:Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address | /cn:CreditNote/cac:Delivery/cac:DeliveryLocation/cac:Address"/>
      <xsl:if test="not(cbc:CityName[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:CityName[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-10'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-10] Das Element "Deliver to city" (BT-77) muss übermittelt werden, wenn die Gruppe "DELIVER TO ADDRESS" (BG-15) übermittelt wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:PostalZone[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cbc:PostalZone[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-11'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-11] Das Element "Deliver to post code" (BT-78) muss übermittelt werden, wenn die Gruppe "DELIVER TO ADDRESS" (BG-15) übermittelt wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('30','58')] | /cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('30','58')]" mode="p2" priority="1003">
      <svrl:fired-rule context="/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('30','58')] | /cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('30','58')]"/>
      <xsl:if test="not(not(normalize-space(cbc:PaymentMeansCode) = '58') or                     matches(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and                     xs:integer(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1)">
         <svrl:failed-assert test="not(normalize-space(cbc:PaymentMeansCode) = '58') or                     matches(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')), '^[A-Z]{{2}}[0-9]{{2}}[a-zA-Z0-9]{{0,30}}$') and                     xs:integer(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1">
            <xsl:attribute name="id" select="'BR-DE-19'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-19] "Payment account identifier" (BT-84) soll eine korrekte IBAN enthalten, wenn in "Payment means type code" (BT-81) mit dem Code 58 SEPA als Zahlungsmittel gefordert wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cac:PayeeFinancialAccount)">
         <svrl:failed-assert test="cac:PayeeFinancialAccount">
            <xsl:attribute name="id" select="'BR-DE-23-a'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-23-a] Wenn BT-81 "Payment means type code" einen Schlüssel für Überweisungen enthält (30, 58), muss BG-17 "CREDIT TRANSFER" übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(cac:CardAccount) and                     not(cac:PaymentMandate))">
         <svrl:failed-assert test="not(cac:CardAccount) and                     not(cac:PaymentMandate)">
            <xsl:attribute name="id" select="'BR-DE-23-b'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-23-b] Wenn BT-81 "Payment means type code" einen Schlüssel für Überweisungen enthält (30, 58), dürfen BG-18 und BG-19 nicht übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('48','54','55')] |/cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('48','54','55')]" mode="p2" priority="1002">
      <svrl:fired-rule context="/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('48','54','55')] |/cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('48','54','55')]"/>
      <xsl:if test="not(cac:CardAccount)">
         <svrl:failed-assert test="cac:CardAccount">
            <xsl:attribute name="id" select="'BR-DE-24-a'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-24-a] Wenn BT-81 "Payment means type code" einen Schlüssel für Kartenzahlungen enthält (48, 54, 55), muss genau BG-18 "PAYMENT CARD INFORMATION" übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(cac:PayeeFinancialAccount) and                     not(cac:PaymentMandate))">
         <svrl:failed-assert test="not(cac:PayeeFinancialAccount) and                     not(cac:PaymentMandate)">
            <xsl:attribute name="id" select="'BR-DE-24-b'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-24-b] Wenn BT-81 "Payment means type code" einen Schlüssel für Kartenzahlungen enthält (48, 54, 55), dürfen BG-17 und BG-19 nicht übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = '59'] | /cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = '59']" mode="p2" priority="1001">
      <svrl:fired-rule context="/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = '59'] | /cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = '59']"/>
      <xsl:if test="not(not(normalize-space(cbc:PaymentMeansCode) = '59') or                     matches(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and                     xs:decimal(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1)">
         <svrl:failed-assert test="not(normalize-space(cbc:PaymentMeansCode) = '59') or                     matches(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')), '^[A-Z]{{2}}[0-9]{{2}}[a-zA-Z0-9]{{0,30}}$') and                     xs:decimal(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1">
            <xsl:attribute name="id" select="'BR-DE-20'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-20] "Debited account identifier" (BT-91) soll eine korrekte IBAN enthalten, wenn in "Payment means type code" (BT-81) mit dem Code 59 SEPA als Zahlungsmittel gefordert wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cac:PaymentMandate)">
         <svrl:failed-assert test="cac:PaymentMandate">
            <xsl:attribute name="id" select="'BR-DE-25-a'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-25-a] Wenn BT-81 "Payment means type code" einen Schlüssel für Lastschriften enthält (59), muss genau BG-19 "DIRECT DEBIT" übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(cac:PayeeFinancialAccount) and                     not(cac:CardAccount))">
         <svrl:failed-assert test="not(cac:PayeeFinancialAccount) and                     not(cac:CardAccount)">
            <xsl:attribute name="id" select="'BR-DE-25-b'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-25-b] Wenn BT-81 "Payment means type code" einen Schlüssel für Lastschriften enthält (59), dürfen BG-17 und BG-18 nicht übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:TaxTotal/cac:TaxSubtotal | /cn:CreditNote/cac:TaxTotal/cac:TaxSubtotal" mode="p2" priority="1000">
      <svrl:fired-rule context="/ubl:Invoice/cac:TaxTotal/cac:TaxSubtotal | /cn:CreditNote/cac:TaxTotal/cac:TaxSubtotal"/>
      <xsl:if test="not(cac:TaxCategory/cbc:Percent[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cac:TaxCategory/cbc:Percent[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-14'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-14] Das Element "VAT category rate" (BT-119) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/|node()|@*" mode="p2" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="cbc:EmbeddedDocumentBinaryObject[$isExtension]" mode="p3" priority="1008">
      <svrl:fired-rule context="cbc:EmbeddedDocumentBinaryObject[$isExtension]"/>
      <xsl:if test="not(.[@mimeCode = 'application/pdf' or         @mimeCode = 'image/png' or         @mimeCode = 'image/jpeg' or         @mimeCode = 'text/csv' or         @mimeCode = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' or         @mimeCode = 'application/vnd.oasis.opendocument.spreadsheet' or         @mimeCode = 'application/xml'])">
         <svrl:failed-assert test=".[@mimeCode = 'application/pdf' or         @mimeCode = 'image/png' or         @mimeCode = 'image/jpeg' or         @mimeCode = 'text/csv' or         @mimeCode = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' or         @mimeCode = 'application/vnd.oasis.opendocument.spreadsheet' or         @mimeCode = 'application/xml']">
            <xsl:attribute name="id" select="'BR-DEX-01'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-01] Das Element </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Attached Document" (BT-125) benutzt einen nicht zulässigen MIME-Code: </xsl:text>
               <xsl:value-of select="@mimeCode"/>
               <xsl:text>. Im Falle einer Extension darf zusätzlich zu der Liste der mime codes (definiert in Abschnitt 8.2, "Binary Object") der MIME-Code application/xml genutzt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice[$isExtension]" mode="p3" priority="1007">
      <svrl:fired-rule context="/ubl:Invoice[$isExtension]"/>
      <xsl:if test="not((every $invoiceline          in $invoicer-hoisted-1          satisfies $invoiceline/xs:decimal(cbc:LineExtensionAmount) = sum($invoiceline/cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))) and         (count( $invoicer-hoisted-2) = count($invoicer-hoisted-3)))">
         <svrl:failed-assert test="(every $invoiceline          in /ubl:Invoice/cac:InvoiceLine[ exists (./cac:SubInvoiceLine) ]          satisfies $invoiceline/xs:decimal(cbc:LineExtensionAmount) = sum($invoiceline/cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))) and         (count( //cac:SubInvoiceLine [count(cac:SubInvoiceLine) &gt; 0 and xs:decimal(cbc:LineExtensionAmount) = sum(cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))]) = count(//cac:SubInvoiceLine [count(cac:SubInvoiceLine) &gt; 0]))">
            <xsl:attribute name="id" select="'BR-DEX-02'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-02] Der Wert von "Invoice line net amount" (BT-131) einer "INVOICE LINE"
        (BG-25) oder einer "SUB INVOICE LINE" (BG-DEX-01) soll der Summe
        der "Invoice line net amount" (BT-131) der direkt darunterliegenden "SUB
        INVOICE LINE" (BG-DEX-01) entsprechen.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(exists($invoicer-hoisted-4)))">
         <svrl:failed-assert test="not(exists(//cac:SubInvoiceLine/cac:Item[ count ( cac:ClassifiedTaxCategory) != 1]))">
            <xsl:attribute name="id" select="'BR-DEX-03'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-03] Eine Sub Invoice Line (BG-DEX-01) muss genau eine "SUB INVOICE LINE VAT INFORMATION" (BG-DEX-06) enthalten.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="cac:LegalMonetaryTotal[$isExtension]" mode="p3" priority="1006">
      <svrl:fired-rule context="cac:LegalMonetaryTotal[$isExtension]"/>
      <xsl:variable name="prepaidamount" select="if (exists(cbc:PrepaidAmount)) then (xs:decimal(cbc:PrepaidAmount)) else (0)"/>
      <xsl:variable name="payableroundingamount" select="if (exists(cbc:PayableRoundingAmount)) then (xs:decimal(cbc:PayableRoundingAmount)) else (0)"/>
      <xsl:variable name="thirdpartyprepaidamount" select="if (exists(../cac:PrepaidPayment/cbc:PaidAmount[boolean(normalize-space(xs:string(.)))])) then (sum(../cac:PrepaidPayment/xs:decimal(cbc:PaidAmount))) else (0)"/>
      <xsl:if test="not((round((xs:decimal(cbc:PayableAmount) - $payableroundingamount) * 10 * 10) div 100) = (round((xs:decimal(cbc:TaxInclusiveAmount) - $prepaidamount + $thirdpartyprepaidamount) * 10 * 10) div 100))">
         <svrl:failed-assert test="(round((xs:decimal(cbc:PayableAmount) - $payableroundingamount) * 10 * 10) div 100) = (round((xs:decimal(cbc:TaxInclusiveAmount) - $prepaidamount + $thirdpartyprepaidamount) * 10 * 10) div 100)">
            <xsl:attribute name="id" select="'BR-DEX-09'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-09] Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) - Paid amount (BT-113) + Rounding amount (BT-114) + Σ Third party payment amount (BT-DEX-002).</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="cac:PartyIdentification/cbc:ID[@schemeID and $isExtension]" mode="p3" priority="1005">
      <svrl:fired-rule context="cac:PartyIdentification/cbc:ID[@schemeID and $isExtension]"/>
      <xsl:if test="not(((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' '))))  or ((not(contains(normalize-space(@schemeID), ' ')) and contains(' SEPA ', concat(' ', normalize-space(@schemeID), ' '))) and ((ancestor::cac:AccountingSupplierParty) or (ancestor::cac:PayeeParty))))">
         <svrl:failed-assert test="((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' '))))  or ((not(contains(normalize-space(@schemeID), ' ')) and contains(' SEPA ', concat(' ', normalize-space(@schemeID), ' '))) and ((ancestor::cac:AccountingSupplierParty) or (ancestor::cac:PayeeParty)))">
            <xsl:attribute name="id" select="'BR-DEX-04'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-04] Any scheme identifier in </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> MUST be coded using one of the ISO 6523 ICD list. </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="cac:PartyLegalEntity/cbc:CompanyID[@schemeID and $isExtension]" mode="p3" priority="1004">
      <svrl:fired-rule context="cac:PartyLegalEntity/cbc:CompanyID[@schemeID and $isExtension]"/>
      <xsl:if test="not(((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' ')))))">
         <svrl:failed-assert test="((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' '))))">
            <xsl:attribute name="id" select="'BR-DEX-05'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-05] Any scheme identifier in </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> MUST be coded using one of the ISO 6523 ICD list. </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="cac:StandardItemIdentification/cbc:ID[@schemeID and $isExtension]" mode="p3" priority="1003">
      <svrl:fired-rule context="cac:StandardItemIdentification/cbc:ID[@schemeID and $isExtension]"/>
      <xsl:if test="not(((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' ')))))">
         <svrl:failed-assert test="((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' '))))">
            <xsl:attribute name="id" select="'BR-DEX-06'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-06] Any scheme identifier in </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> MUST be coded using one of the ISO 6523 ICD list. </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="cbc:EndpointID[@schemeID and $isExtension]" mode="p3" priority="1002">
      <svrl:fired-rule context="cbc:EndpointID[@schemeID and $isExtension]"/>
      <xsl:if test="not(((not(contains(normalize-space(@schemeID), ' ')) and contains($CEF-EAS-EXT-CODES, concat(' ', normalize-space(@schemeID), ' ')))))">
         <svrl:failed-assert test="((not(contains(normalize-space(@schemeID), ' ')) and contains($CEF-EAS-EXT-CODES, concat(' ', normalize-space(@schemeID), ' '))))">
            <xsl:attribute name="id" select="'BR-DEX-07'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-07] Any scheme identifier for an Endpoint Identifier in </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> MUST belong to the CEF EAS code list. </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="cac:DeliveryLocation/cbc:ID[@schemeID and $isExtension]" mode="p3" priority="1001">
      <svrl:fired-rule context="cac:DeliveryLocation/cbc:ID[@schemeID and $isExtension]"/>
      <xsl:if test="not(((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' ')))))">
         <svrl:failed-assert test="((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' '))))">
            <xsl:attribute name="id" select="'BR-DEX-08'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-08] Any scheme identifier for a Delivery location identifier in </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> MUST be coded using one of the ISO 6523 ICD list. </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="/ubl:Invoice/cac:PrepaidPayment[$isExtension]" mode="p3" priority="1000">
      <svrl:fired-rule context="/ubl:Invoice/cac:PrepaidPayment[$isExtension]"/>
      <xsl:if test="not(cbc:ID[boolean(normalize-space(xs:string(.)))])">
         <svrl:failed-assert test="cbc:ID[boolean(normalize-space(xs:string(.)))]">
            <xsl:attribute name="id" select="'BR-DEX-10'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-10] Das Element "Third party payment type" BT-DEX-001 muss übermittelt werden, wenn die Gruppe "THIRD PARTY PAYMENT" (BG-DEX-09) übermittelt wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:PaidAmount[boolean(normalize-space(xs:string(.)))])">
         <svrl:failed-assert test="cbc:PaidAmount[boolean(normalize-space(xs:string(.)))]">
            <xsl:attribute name="id" select="'BR-DEX-11'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-11] Das Element "Third party payment amount" BT-DEX-002 muss übermittelt werden, wenn die Gruppe "THIRD PARTY PAYMENT" (BG-DEX-09) übermittelt wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:InstructionID[boolean(normalize-space(xs:string(.)))])">
         <svrl:failed-assert test="cbc:InstructionID[boolean(normalize-space(xs:string(.)))]">
            <xsl:attribute name="id" select="'BR-DEX-12'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-12] Das Element "Third party payment description" BT-DEX-003 muss übermittelt werden, wenn die Gruppe "THIRD PARTY PAYMENT" (BG-DEX-09) übermittelt wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(string-length(substring-after(cbc:PaidAmount, '.')) &lt;= 2)">
         <svrl:failed-assert test="string-length(substring-after(cbc:PaidAmount, '.')) &lt;= 2">
            <xsl:attribute name="id" select="'BR-DEX-13'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-13] Die maximale Anzahl zulässiger Nachkommastellen für das Element "Third party payment amount" (BT-DEX-002) ist 2.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cbc:PaidAmount/@currencyID = parent::node()/cbc:DocumentCurrencyCode)">
         <svrl:failed-assert test="cbc:PaidAmount/@currencyID = parent::node()/cbc:DocumentCurrencyCode">
            <xsl:attribute name="id" select="'BR-DEX-14'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DEX-14] Die Währungsangabe von "Third party payment amount" BT-DEX-002 muss BT-5 ("Invoice currency code") entsprechen.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="/|node()|@*" mode="p3" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="(/ubl:Invoice | /cn:CreditNote)[$isCVD]" mode="p4" priority="1003">
      <svrl:fired-rule context="(/ubl:Invoice | /cn:CreditNote)[$isCVD]"/>
      <xsl:if test="not(cac:OriginatorDocumentReference/cbc:ID[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cac:OriginatorDocumentReference/cbc:ID[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-CVD-02'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-CVD-02] Das Element </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Tender or lot reference" (BT-17) muss übermittelt werden.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(cac:ContractDocumentReference/cbc:ID[boolean(normalize-space(.))])">
         <svrl:failed-assert test="cac:ContractDocumentReference/cbc:ID[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-CVD-01'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-CVD-01] Das Element </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Contract reference" (BT-12) muss übermittelt werden.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not((cac:InvoiceLine/cac:Item | cac:CreditNoteLine/cac:Item)[cac:CommodityClassification/cbc:ItemClassificationCode/@listID = 'CVD'         and         cac:AdditionalItemProperty/cbc:Name = 'cva'])">
         <svrl:failed-assert test="(cac:InvoiceLine/cac:Item | cac:CreditNoteLine/cac:Item)[cac:CommodityClassification/cbc:ItemClassificationCode/@listID = 'CVD'         and         cac:AdditionalItemProperty/cbc:Name = 'cva']">
            <xsl:attribute name="id" select="'BR-DE-CVD-03'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-CVD-03] In einer Rechnung muss mindestens eine </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> INVOICE LINE (BG-25) enthalten sein, in der der Scheme identifier von </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item classification identifier" (BT-158) den Wert 'CVD' und der </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item attribute name" (BT-160) den Wert 'cva' enthält.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
   <xsl:template match="(/ubl:Invoice[$isCVD]/cac:InvoiceLine | /cn:CreditNote[$isCVD]/cac:CreditNoteLine)/cac:Item" mode="p4" priority="1002">
      <svrl:fired-rule context="(/ubl:Invoice[$isCVD]/cac:InvoiceLine | /cn:CreditNote[$isCVD]/cac:CreditNoteLine)/cac:Item"/>
      <xsl:if test="not(not(cac:CommodityClassification/cbc:ItemClassificationCode[@listID = 'CVD']) or count(cac:AdditionalItemProperty[cbc:Name = 'cva']) = 1)">
         <svrl:failed-assert test="not(cac:CommodityClassification/cbc:ItemClassificationCode[@listID = 'CVD']) or count(cac:AdditionalItemProperty[cbc:Name = 'cva']) = 1">
            <xsl:attribute name="id" select="'BR-DE-CVD-06-a'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-CVD-06-a] Wenn der Scheme identifier von </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item classification identifier" (BT-158) mit dem Wert 'CVD' angegeben ist, muss in derselben Rechnungszeile genau ein </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item attribute name" (BT-160) mit dem Wert 'cva' vorhanden sein.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(cac:AdditionalItemProperty[cbc:Name = 'cva']) or count(cac:CommodityClassification/cbc:ItemClassificationCode[@listID = 'CVD']) = 1)">
         <svrl:failed-assert test="not(cac:AdditionalItemProperty[cbc:Name = 'cva']) or count(cac:CommodityClassification/cbc:ItemClassificationCode[@listID = 'CVD']) = 1">
            <xsl:attribute name="id" select="'BR-DE-CVD-06-b'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-CVD-06-b] Wenn </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item attribute name" (BT-160) mit dem Wert 'cva' angegeben ist, muss in derselben Rechnungszeile genau ein </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item classification identifier" (BT-158) mit dem Scheme identifier 'CVD' vorhanden sein.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
   <xsl:template match="(/ubl:Invoice[$isCVD]/cac:InvoiceLine | /cn:CreditNote[$isCVD]/cac:CreditNoteLine)/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode" mode="p4" priority="1001">
      <svrl:fired-rule context="(/ubl:Invoice[$isCVD]/cac:InvoiceLine | /cn:CreditNote[$isCVD]/cac:CreditNoteLine)/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode"/>
      <xsl:if test="not(((not(contains(normalize-space(@listID), ' ')) and contains($UNTDID-7143-CVD-CODES, concat(' ', normalize-space(@listID), ' ')))))">
         <svrl:failed-assert test="((not(contains(normalize-space(@listID), ' ')) and contains($UNTDID-7143-CVD-CODES, concat(' ', normalize-space(@listID), ' '))))">
            <xsl:attribute name="id" select="'BR-TMP-CVD-01'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-TMP-CVD-01] Das Bildungsschema für </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item classification identifier" (BT-158) ist aus der Codeliste UNTDID 7143 zu wählen.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(normalize-space(@listID) = 'CVD') or normalize-space(.) = $CVD-VEHICLE-CATEGORY)">
         <svrl:failed-assert test="not(normalize-space(@listID) = 'CVD') or normalize-space(.) = $CVD-VEHICLE-CATEGORY">
            <xsl:attribute name="id" select="'BR-DE-CVD-04'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-CVD-04] Ein </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item classification identifier" (BT-158) mit dem Scheme identifier 'CVD' muss einen Wert aus der Liste der zulässigen Fahrzeugkategorien enthalten.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
   <xsl:template match="(/ubl:Invoice[$isCVD]/cac:InvoiceLine | /cn:CreditNote[$isCVD]/cac:CreditNoteLine)/cac:Item/cac:AdditionalItemProperty[cbc:Name = 'cva']" mode="p4" priority="1000">
      <svrl:fired-rule context="(/ubl:Invoice[$isCVD]/cac:InvoiceLine | /cn:CreditNote[$isCVD]/cac:CreditNoteLine)/cac:Item/cac:AdditionalItemProperty[cbc:Name = 'cva']"/>
      <xsl:if test="not(normalize-space(cbc:Value) = $CVA-CODES)">
         <svrl:failed-assert test="normalize-space(cbc:Value) = $CVA-CODES">
            <xsl:attribute name="id" select="'BR-DE-CVD-05'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
        [BR-DE-CVD-05] Wenn innerhalb von </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> ITEM ATTRIBUTES (BG-32) der </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item attribute name" (BT-160) den Wert 'cva' hat, muss der </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> "Item attribute value" (BT-161) einen der zulässigen Werte enthalten.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
   <xsl:template match="/|node()|@*" mode="p4" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
</xsl:stylesheet>