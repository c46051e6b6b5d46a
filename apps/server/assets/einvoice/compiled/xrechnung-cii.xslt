<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet xmlns:ccts="urn:un:unece:uncefact:documentation:standard:CoreComponentsTechnicalSpecification:2" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:svrl="http://purl.oclc.org/dsdl/svrl" xmlns:u="utils" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="3.0" exclude-result-prefixes="#all"><!-- 5 absolute paths of the asserts as global variables (ADR 76) --><xsl:variable name="invoicer-hoisted-1" select="//ram:AdditionalReferencedDocument"/><xsl:variable name="invoicer-hoisted-2" select="//ram:AdditionalReferencedDocument[not(./ram:AttachmentBinaryObject/@filename = preceding-sibling::ram:AdditionalReferencedDocument/ram:AttachmentBinaryObject/@filename)]"/><xsl:variable name="invoicer-hoisted-3" select="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID"/><xsl:variable name="invoicer-hoisted-4" select="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:CreditorReferenceID"/><xsl:variable name="invoicer-hoisted-5" select="//ram:ParentLineID"/>
   <xsl:output method="xml" indent="no"/>
   <xsl:function xmlns="http://purl.oclc.org/dsdl/schematron" as="xs:decimal" name="u:decimalOrZero">
      <xsl:param name="element"/>
      <xsl:sequence select="if (boolean($element)) then xs:decimal($element) else 0"/>
   </xsl:function>
   <xsl:variable name="isExtension" select="exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', $XR-MAJOR-MINOR-VERSION ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', $XR-MAJOR-MINOR-VERSION) ] )"/>
   <xsl:variable name="isCVD" select="rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID/text() = $XR-CVD-ID"/>
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
      <svrl:schematron-output title="Schematron Version @xr-schematron.version.full@ - XRechnung @xrechnung.version@ compatible - CII" schemaVersion="">
         <svrl:active-pattern id="variable-pattern"/>
         <xsl:apply-templates select="/" mode="p1"/>
         <svrl:active-pattern id="cii-pattern"/>
         <xsl:apply-templates select="/" mode="p2"/>
         <svrl:active-pattern id="cii-extension-pattern"/>
         <xsl:apply-templates select="/" mode="p3"/>
         <svrl:active-pattern id="cii-cvd-pattern"/>
         <xsl:apply-templates select="/" mode="p4"/>
      </svrl:schematron-output>
   </xsl:template>
   <xsl:template match="/|node()|@*" mode="p1" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p1"/>
   </xsl:template>
   <xsl:template match="/rsm:CrossIndustryInvoice" mode="p2" priority="1013">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice"/>
      <xsl:variable name="BT-89-path" select="rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID"/>
      <xsl:variable name="BT-90-path" select="rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:CreditorReferenceID"/>
      <xsl:variable name="BT-91-path" select="rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID"/>
      <xsl:variable name="BG-19-not-existing" select="not(exists(($BT-89-path, $BT-90-path, $BT-91-path)))"/>
      <xsl:if test="not((($BT-89-path or $BT-91-path) and $BT-90-path) or $BG-19-not-existing)">
         <svrl:failed-assert test="(($BT-89-path or $BT-91-path) and $BT-90-path) or $BG-19-not-existing">
            <xsl:attribute name="id" select="'BR-DE-30'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-30] Wenn "DIRECT DEBIT" BG-19 vorhanden ist, dann muss "Bank assigned creditor identifier" BT-90 übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not((($BT-89-path or $BT-90-path) and $BT-91-path) or $BG-19-not-existing)">
         <svrl:failed-assert test="(($BT-89-path or $BT-90-path) and $BT-91-path) or $BG-19-not-existing">
            <xsl:attribute name="id" select="'BR-DE-31'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-31] Wenn "DIRECT DEBIT" BG-19 vorhanden ist, dann muss "Debited account identifier" BT-91 übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans)">
         <svrl:failed-assert test="rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans">
            <xsl:attribute name="id" select="'BR-DE-1'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-1] Eine Rechnung (INVOICE) muss Angaben zu "PAYMENT INSTRUCTIONS" (BG-16) enthalten.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerReference[boolean(normalize-space(.))])">
         <svrl:failed-assert test="rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerReference[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-15'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-15] Das Element "Buyer reference" (BT-10) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not((rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:TypeCode = 'VAT' and                          rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode = ('S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M')) or                         (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax = 'VAT' and                          rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax/ram:CategoryCode = ('S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M')) or                         (rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:TypeCode = 'VAT' and                          rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode = ('S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'))) or                     ((rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[normalize-space(@schemeID)='VA' or                                                                                                                                                   normalize-space(@schemeID)='FC'][boolean(normalize-space(.))], rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTaxRepresentativeTradeParty)))">
         <svrl:failed-assert test="not((rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:TypeCode = 'VAT' and                          rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode = ('S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M')) or                         (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax = 'VAT' and                          rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax/ram:CategoryCode = ('S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M')) or                         (rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:TypeCode = 'VAT' and                          rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode = ('S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'))) or                     ((rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[normalize-space(@schemeID)='VA' or                                                                                                                                                   normalize-space(@schemeID)='FC'][boolean(normalize-space(.))], rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTaxRepresentativeTradeParty))">
            <xsl:attribute name="id" select="'BR-DE-16'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-16] Wenn in einer Rechnung die Steuercodes S, Z, E, AE, K, G, L oder M verwendet werden, muss mindestens eines der Elemente "Seller VAT identifier" (BT-31), "Seller tax registration identifier" (BT-32)
          oder "SELLER TAX REPRESENTATIVE PARTY" (BG-11) übermittelt werden.
      </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(normalize-space(rsm:ExchangedDocument/ram:TypeCode) = ('326', '380', '384', '389', '381', '875', '876', '877'))">
         <svrl:failed-assert test="normalize-space(rsm:ExchangedDocument/ram:TypeCode) = ('326', '380', '384', '389', '381', '875', '876', '877')">
            <xsl:attribute name="id" select="'BR-DE-17'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-17] Mit dem Element "Invoice type code" (BT-3) sollen ausschließlich folgende Codes aus der Codeliste UNTDID 1001 übermittelt werden: 326 (Partial invoice), 380 (Commercial invoice), 384 (Corrected invoice), 389 (Self-billed invoice) und 381 (Credit note),875 (Partial construction invoice), 876 (Partial final construction invoice), 877 (Final construction invoice).</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(every $line                        in rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '(\r?\n)')[starts-with( normalize-space(.) , '#')]                        satisfies matches ( normalize-space ($line), $XR-SKONTO-REGEX ) and                     matches( rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. ,  '#.+#')[last()], '^\s*\n' ))">
         <svrl:failed-assert test="every $line                        in rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '(\r?\n)')[starts-with( normalize-space(.) , '#')]                        satisfies matches ( normalize-space ($line), $XR-SKONTO-REGEX ) and                     matches( rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. ,  '#.+#')[last()], '^\s*\n' )">
            <xsl:attribute name="id" select="'BR-DE-18'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-18] Skonto Zeilen in </xsl:text>
               <xsl:value-of select="name()"/>
               <xsl:text> muessen diesem regulärem Ausdruck entsprechen: </xsl:text>
               <xsl:value-of select="$XR-SKONTO-REGEX"/>
               <xsl:text>. Die Informationen zur Gewährung von Skonto müssen wie folgt im Element "Payment terms" (BT-20) übermittelt werden: Anzugeben ist im ersten Segment "SKONTO", im zweiten "TAGE=n", im dritten "PROZENT=n". Prozentzahlen sind ohne Vorzeichen sowie mit Punkt getrennt von zwei Nachkommastellen anzugeben. Liegt dem zu berechnenden Betrag nicht BT-115, "fälliger Betrag" zugrunde, sondern nur ein Teil des fälligen Betrags der Rechnung, ist der Grundwert zur Berechnung von Skonto als viertes Segment "BASISBETRAG=n" gemäß dem semantischen Datentypen Amount anzugeben. Jeder Eintrag beginnt mit einer #, die Segmente sind mit einer # getrennt und eine Zeile schließt mit einer # ab. Am Ende einer vollständigen Skontoangabe muss ein XML-konformer Zeilenumbruch folgen. Alle Angaben zur Gewährung von Skonto müssen in Großbuchstaben gemacht werden. Zusätzliches Whitespace (Leerzeichen, Tabulatoren oder Zeilenumbrüche) ist nicht zulässig. Andere Zeichen oder Texte als in den oberen Vorgaben genannt sind nicht zulässig.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(count($invoicer-hoisted-1) = count($invoicer-hoisted-2))">
         <svrl:failed-assert test="count(//ram:AdditionalReferencedDocument) = count(//ram:AdditionalReferencedDocument[not(./ram:AttachmentBinaryObject/@filename = preceding-sibling::ram:AdditionalReferencedDocument/ram:AttachmentBinaryObject/@filename)])">
            <xsl:attribute name="id" select="'BR-DE-22'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-22] Not all filename attributes of the embeddedDocumentBinaryObject elements are unique</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(normalize-space(rsm:ExchangedDocument/ram:TypeCode) = '384') or                     (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument))">
         <svrl:failed-assert test="not(normalize-space(rsm:ExchangedDocument/ram:TypeCode) = '384') or                     (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument)">
            <xsl:attribute name="id" select="'BR-DE-26'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-26] Wenn im Element Invoice type code (BT-3) der Code 384 (Corrected invoice) übergeben wird, soll PRECEDING INVOICE REFERENCE BG-3 mind. einmal vorhanden sein.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext" mode="p2" priority="1012">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext"/>
      <xsl:if test="not(ram:GuidelineSpecifiedDocumentContextParameter/ram:ID = $XR-CIUS-ID or                     ram:GuidelineSpecifiedDocumentContextParameter/ram:ID = $XR-EXTENSION-ID or                     ram:GuidelineSpecifiedDocumentContextParameter/ram:ID = $XR-CVD-ID)">
         <svrl:failed-assert test="ram:GuidelineSpecifiedDocumentContextParameter/ram:ID = $XR-CIUS-ID or                     ram:GuidelineSpecifiedDocumentContextParameter/ram:ID = $XR-EXTENSION-ID or                     ram:GuidelineSpecifiedDocumentContextParameter/ram:ID = $XR-CVD-ID">
            <xsl:attribute name="id" select="'BR-DE-21'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-21] Das Element "Specification identifier" (BT-24) soll syntaktisch der Kennung des Standards XRechnung entsprechen.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty" mode="p2" priority="1011">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty"/>
      <xsl:if test="not(ram:DefinedTradeContact)">
         <svrl:failed-assert test="ram:DefinedTradeContact">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:PostalTradeAddress" mode="p2" priority="1010">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:PostalTradeAddress"/>
      <xsl:if test="not(ram:CityName[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:CityName[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-3'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-3] Das Element "Seller city" (BT-37) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(ram:PostcodeCode[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:PostcodeCode[boolean(normalize-space(.))]">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:DefinedTradeContact" mode="p2" priority="1009">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:DefinedTradeContact"/>
      <xsl:if test="not((ram:PersonName,ram:DepartmentName)[boolean(normalize-space(.))])">
         <svrl:failed-assert test="(ram:PersonName,ram:DepartmentName)[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-5'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-5] Das Element "Seller contact point" (BT-41) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(ram:TelephoneUniversalCommunication/ram:CompleteNumber[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:TelephoneUniversalCommunication/ram:CompleteNumber[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-6'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-6] Das Element "Seller contact telephone number" (BT-42) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(ram:EmailURIUniversalCommunication/ram:URIID[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:EmailURIUniversalCommunication/ram:URIID[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-7'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-7] Das Element "Seller contact email address" (BT-43) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(matches(normalize-space(ram:TelephoneUniversalCommunication/ram:CompleteNumber), $XR-TELEPHONE-REGEX))">
         <svrl:failed-assert test="matches(normalize-space(ram:TelephoneUniversalCommunication/ram:CompleteNumber), $XR-TELEPHONE-REGEX)">
            <xsl:attribute name="id" select="'BR-DE-27'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-27] In BT-42 sollen mindestens drei Ziffern enthalten sein.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(matches(normalize-space(ram:EmailURIUniversalCommunication/ram:URIID), $XR-EMAIL-REGEX))">
         <svrl:failed-assert test="matches(normalize-space(ram:EmailURIUniversalCommunication/ram:URIID), $XR-EMAIL-REGEX)">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:PostalTradeAddress" mode="p2" priority="1008">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:PostalTradeAddress"/>
      <xsl:if test="not(ram:CityName[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:CityName[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-8'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-8] Das Element "Buyer city" (BT-52) muss übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(ram:PostcodeCode[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:PostcodeCode[boolean(normalize-space(.))]">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument[ram:TypeCode = '916']" mode="p2" priority="1007">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument[ram:TypeCode = '916']"/>
      <xsl:if test="not(not(exists(ram:URIID)) or (matches(ram:URIID, $XR-URL-REGEX)))">
         <svrl:failed-assert test="not(exists(ram:URIID)) or (matches(ram:URIID, $XR-URL-REGEX))">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress" mode="p2" priority="1006">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress"/>
      <xsl:if test="not(ram:CityName[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:CityName[boolean(normalize-space(.))]">
            <xsl:attribute name="id" select="'BR-DE-10'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-10] Das Element "Deliver to city" (BT-77) muss übermittelt werden, wenn die Gruppe "DELIVER TO ADDRESS" (BG-15) übermittelt wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(ram:PostcodeCode[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:PostcodeCode[boolean(normalize-space(.))]">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = ('30','58')]" mode="p2" priority="1005">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = ('30','58')]"/>
      <xsl:if test="not(not(normalize-space(ram:TypeCode) = '58') or                     matches(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and                     xs:integer(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1)">
         <svrl:failed-assert test="not(normalize-space(ram:TypeCode) = '58') or                     matches(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')), '^[A-Z]{{2}}[0-9]{{2}}[a-zA-Z0-9]{{0,30}}$') and                     xs:integer(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1">
            <xsl:attribute name="id" select="'BR-DE-19'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-19] "Payment account identifier" (BT-84) soll eine korrekte IBAN enthalten, wenn in "Payment means type code" (BT-81) mit dem Code 58 SEPA als Zahlungsmittel gefordert wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(ram:PayeePartyCreditorFinancialAccount)">
         <svrl:failed-assert test="ram:PayeePartyCreditorFinancialAccount">
            <xsl:attribute name="id" select="'BR-DE-23-a'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-23-a] Wenn BT-81 "Payment means type code" einen Schlüssel für Überweisungen enthält (30, 58), muss BG-17 "CREDIT TRANSFER" übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(ram:ApplicableTradeSettlementFinancialCard) and                     not($invoicer-hoisted-3 or                         $invoicer-hoisted-4 or                         ram:PayerPartyDebtorFinancialAccount/ram:IBANID))">
         <svrl:failed-assert test="not(ram:ApplicableTradeSettlementFinancialCard) and                     not(/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID or                         /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:CreditorReferenceID or                         ram:PayerPartyDebtorFinancialAccount/ram:IBANID)">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = ('48','54','55')]" mode="p2" priority="1004">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = ('48','54','55')]"/>
      <xsl:if test="not(ram:ApplicableTradeSettlementFinancialCard)">
         <svrl:failed-assert test="ram:ApplicableTradeSettlementFinancialCard">
            <xsl:attribute name="id" select="'BR-DE-24-a'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-24-a] Wenn BT-81 "Payment means type code" einen Schlüssel für Kartenzahlungen enthält (48, 54, 55), muss genau BG-18 "PAYMENT CARD INFORMATION" übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(ram:PayeePartyCreditorFinancialAccount) and                     not($invoicer-hoisted-3 or                         $invoicer-hoisted-4 or                         ram:PayerPartyDebtorFinancialAccount/ram:IBANID))">
         <svrl:failed-assert test="not(ram:PayeePartyCreditorFinancialAccount) and                     not(/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID or                         /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:CreditorReferenceID or                         ram:PayerPartyDebtorFinancialAccount/ram:IBANID)">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = '59']" mode="p2" priority="1003">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = '59']"/>
      <xsl:if test="not(not(normalize-space(ram:TypeCode) = '59') or                     matches(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and                     xs:decimal(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1)">
         <svrl:failed-assert test="not(normalize-space(ram:TypeCode) = '59') or                     matches(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')), '^[A-Z]{{2}}[0-9]{{2}}[a-zA-Z0-9]{{0,30}}$') and                     xs:decimal(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),5),upper-case(substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),1,2)),substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \n\r\t\s])', '')),3,2))) return  (if($cp &gt; 64) then string($cp - 55) else  string($cp - 48)),'')) mod 97 = 1">
            <xsl:attribute name="id" select="'BR-DE-20'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-20] "Debited account identifier" (BT-91) soll eine korrekte IBAN enthalten, wenn in "Payment means type code" (BT-81) mit dem Code 59 SEPA als Zahlungsmittel gefordert wird.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not($invoicer-hoisted-3 or                     $invoicer-hoisted-4 or                     ram:PayerPartyDebtorFinancialAccount/ram:IBANID)">
         <svrl:failed-assert test="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID or                     /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:CreditorReferenceID or                     ram:PayerPartyDebtorFinancialAccount/ram:IBANID">
            <xsl:attribute name="id" select="'BR-DE-25-a'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-DE-25-a] Wenn BT-81 "Payment means type code" einen Schlüssel für Lastschriften enthält (59), muss genau BG-19 "DIRECT DEBIT" übermittelt werden.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:if test="not(not(ram:PayeePartyCreditorFinancialAccount) and                     not(ram:PayeeSpecifiedCreditorFinancialInstitution) and                     not(ram:PayerSpecifiedDebtorFinancialInstitution) and                     not(ram:ApplicableTradeSettlementFinancialCard))">
         <svrl:failed-assert test="not(ram:PayeePartyCreditorFinancialAccount) and                     not(ram:PayeeSpecifiedCreditorFinancialInstitution) and                     not(ram:PayerSpecifiedDebtorFinancialInstitution) and                     not(ram:ApplicableTradeSettlementFinancialCard)">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax" mode="p2" priority="1002">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax"/>
      <xsl:if test="not(ram:RateApplicablePercent[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:RateApplicablePercent[boolean(normalize-space(.))]">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction" mode="p2" priority="1001">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction"/>
      <xsl:if test="not(               ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime               or ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod               or (every $line in ram:IncludedSupplyChainTradeLineItem               satisfies $line/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod))">
         <svrl:failed-assert test="               ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime               or ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod               or (every $line in ram:IncludedSupplyChainTradeLineItem               satisfies $line/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod)">
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
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem" mode="p2" priority="1000">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem"/>
      <xsl:if test="not(not(ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity                         and                         ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity)                     or                     (ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity =                      ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity                      and                      (not(ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity/@unitCode                      and                      ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity/@unitCode)                       or                       ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity/@unitCode =                       ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity/@unitCode)))">
         <svrl:failed-assert test="not(ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity                         and                         ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity)                     or                     (ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity =                      ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity                      and                      (not(ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity/@unitCode                      and                      ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity/@unitCode)                       or                       ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity/@unitCode =                       ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity/@unitCode))">
            <xsl:attribute name="id" select="'BR-TMP-3'"/>
            <xsl:attribute name="flag" select="'fatal'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>[BR-TMP-3] Wenn BT-149 (Item price base quantity) sowohl in GrossPriceProductTradePrice als auch in NetPriceProductTradePrice vorhanden ist, müssen die Werte identisch sein. Wenn BT-150 (unit of measure code) auf dem NetPrice-Pfad vorhanden ist, muss es auch auf dem GrossPrice-Pfad vorhanden und identisch sein.</xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/|node()|@*" mode="p2" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p2"/>
   </xsl:template>
   <xsl:template match="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument[$isExtension]" mode="p3" priority="1006">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument[$isExtension]"/>
      <xsl:if test="not(not(exists($invoicer-hoisted-5)))">
         <svrl:failed-assert test="not(exists(//ram:ParentLineID))">
            <xsl:attribute name="id" select="'BR-DEX-15'"/>
            <xsl:attribute name="flag" select="'warning'"/>
            <xsl:attribute name="location" select="path()"/>
            <svrl:text>
               <xsl:text>
              [BR-DEX-15] This CII file might use the concept of Sub Invoice Lines. However XRechnung does not support this.
          </xsl:text>
            </svrl:text>
         </svrl:failed-assert>
      </xsl:if>
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="//ram:GlobalID[@schemeID and $isExtension][not(ancestor::ram:SpecifiedTradeProduct) and not(ancestor::ram:ShipToTradeParty)]" mode="p3" priority="1005">
      <svrl:fired-rule context="//ram:GlobalID[@schemeID and $isExtension][not(ancestor::ram:SpecifiedTradeProduct) and not(ancestor::ram:ShipToTradeParty)]"/>
      <xsl:if test="not(((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' ')))))">
         <svrl:failed-assert test="((not(contains(normalize-space(@schemeID), ' ')) and contains($ISO-6523-ICD-EXT-CODES, concat(' ', normalize-space(@schemeID), ' '))))">
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
   <xsl:template match="ram:ID[@schemeID and $isExtension][not(ancestor::ram:SpecifiedTaxRegistration)]" mode="p3" priority="1004">
      <svrl:fired-rule context="ram:ID[@schemeID and $isExtension][not(ancestor::ram:SpecifiedTaxRegistration)]"/>
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
   <xsl:template match="ram:SpecifiedTradeProduct/ram:GlobalID[@schemeID and $isExtension]" mode="p3" priority="1003">
      <svrl:fired-rule context="ram:SpecifiedTradeProduct/ram:GlobalID[@schemeID and $isExtension]"/>
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
   <xsl:template match="ram:URIUniversalCommunication/ram:URIID[@schemeID and $isExtension]" mode="p3" priority="1002">
      <svrl:fired-rule context="ram:URIUniversalCommunication/ram:URIID[@schemeID and $isExtension]"/>
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
   <xsl:template match="ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID[@schemeID and $isExtension]" mode="p3" priority="1001">
      <svrl:fired-rule context="ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID[@schemeID and $isExtension]"/>
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
   <xsl:template match="ram:AttachmentBinaryObject[$isExtension]" mode="p3" priority="1000">
      <svrl:fired-rule context="ram:AttachmentBinaryObject[$isExtension]"/>
      <xsl:if test="not(.[@mimeCode = 'application/pdf' or               @mimeCode = 'image/png' or               @mimeCode = 'image/jpeg' or               @mimeCode = 'text/csv' or               @mimeCode = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' or               @mimeCode = 'application/vnd.oasis.opendocument.spreadsheet' or               @mimeCode = 'application/xml'])">
         <svrl:failed-assert test=".[@mimeCode = 'application/pdf' or               @mimeCode = 'image/png' or               @mimeCode = 'image/jpeg' or               @mimeCode = 'text/csv' or               @mimeCode = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' or               @mimeCode = 'application/vnd.oasis.opendocument.spreadsheet' or               @mimeCode = 'application/xml']">
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
   <xsl:template match="/|node()|@*" mode="p3" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p3"/>
   </xsl:template>
   <xsl:template match="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction" mode="p4" priority="1004">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction"/>
      <xsl:if test="not(ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct[ram:DesignatedProductClassification/ram:ClassCode/@listID = 'CVD' and ram:ApplicableProductCharacteristic/ram:Description = 'cva'])">
         <svrl:failed-assert test="ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct[ram:DesignatedProductClassification/ram:ClassCode/@listID = 'CVD' and ram:ApplicableProductCharacteristic/ram:Description = 'cva']">
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
   <xsl:template match="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct" mode="p4" priority="1003">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct"/>
      <xsl:if test="not(not(ram:ApplicableProductCharacteristic/ram:Description = 'cva') or count(ram:DesignatedProductClassification/ram:ClassCode[@listID = 'CVD']) = 1)">
         <svrl:failed-assert test="not(ram:ApplicableProductCharacteristic/ram:Description = 'cva') or count(ram:DesignatedProductClassification/ram:ClassCode[@listID = 'CVD']) = 1">
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
      <xsl:if test="not(not(ram:DesignatedProductClassification/ram:ClassCode/@listID = 'CVD') or count(ram:ApplicableProductCharacteristic[ram:Description = 'cva']) = 1)">
         <svrl:failed-assert test="not(ram:DesignatedProductClassification/ram:ClassCode/@listID = 'CVD') or count(ram:ApplicableProductCharacteristic[ram:Description = 'cva']) = 1">
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
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
   <xsl:template match="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode" mode="p4" priority="1002">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode"/>
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
   <xsl:template match="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic[ram:Description = 'cva']" mode="p4" priority="1001">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic[ram:Description = 'cva']"/>
      <xsl:if test="not(normalize-space(ram:Value) = $CVA-CODES)">
         <svrl:failed-assert test="normalize-space(ram:Value) = $CVA-CODES">
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
   <xsl:template match="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement" mode="p4" priority="1000">
      <svrl:fired-rule context="/rsm:CrossIndustryInvoice[$isCVD]/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement"/>
      <xsl:if test="not(ram:ContractReferencedDocument/ram:IssuerAssignedID[boolean(normalize-space(.))])">
         <svrl:failed-assert test="ram:ContractReferencedDocument/ram:IssuerAssignedID[boolean(normalize-space(.))]">
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
      <xsl:if test="not(ram:AdditionalReferencedDocument[normalize-space(ram:TypeCode) = '50' and normalize-space(ram:IssuerAssignedID)])">
         <svrl:failed-assert test="ram:AdditionalReferencedDocument[normalize-space(ram:TypeCode) = '50' and normalize-space(ram:IssuerAssignedID)]">
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
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
   <xsl:template match="/|node()|@*" mode="p4" priority="-10">
      <xsl:apply-templates select="@*|node()" mode="p4"/>
   </xsl:template>
</xsl:stylesheet>