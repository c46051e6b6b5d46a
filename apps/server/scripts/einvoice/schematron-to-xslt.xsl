<?xml version="1.0" encoding="UTF-8"?>
<!--
  Compiles the subset of ISO Schematron (queryBinding xslt2) that the XRechnung rules use into an
  XSLT 3.0 stylesheet whose output is SVRL, shaped like the EN 16931 stylesheets' output so one
  reader handles both. Written here because no maintained Schematron compiler ships on npm (see
  docs/decisions/0064-how-the-e-invoice-rules-run.md). Supported: ns, xsl:function, include (of a
  pattern), pattern and rule let, rule, assert, report, name, value-of. Unknown elements stop the
  build instead of being skipped silently.
-->
<xsl:stylesheet version="3.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:axsl="http://www.w3.org/1999/XSL/TransformAlias"
    xmlns:sch="http://purl.oclc.org/dsdl/schematron"
    xmlns:svrl="http://purl.oclc.org/dsdl/svrl"
    xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:local="urn:invoicer:schematron-to-xslt"
    exclude-result-prefixes="sch xs local">
  <xsl:namespace-alias stylesheet-prefix="axsl" result-prefix="xsl"/>
  <xsl:output method="xml" indent="yes"/>

  <!-- Text copied into an attribute of a literal result element is an attribute value template there. -->
  <xsl:function name="local:avt" as="xs:string">
    <xsl:param name="text" as="xs:string"/>
    <xsl:sequence select="replace(replace($text, '\{', '{{'), '\}', '}}')"/>
  </xsl:function>

  <xsl:template match="/sch:schema">
    <xsl:variable name="schema" select="."/>
    <!-- An included file is one pattern (common.sch); it takes the place of its include. -->
    <xsl:variable name="patterns" as="element(sch:pattern)*">
      <xsl:for-each select="sch:include | sch:pattern">
        <xsl:sequence select="if (self::sch:include) then doc(resolve-uri(@href, base-uri(.)))/sch:pattern else ."/>
      </xsl:for-each>
    </xsl:variable>
    <xsl:for-each select="* except (sch:title, sch:ns, sch:phase, sch:include, sch:pattern, xsl:function)">
      <xsl:message terminate="yes">Unsupported Schematron element: <xsl:value-of select="name()"/></xsl:message>
    </xsl:for-each>
    <axsl:stylesheet version="3.0">
      <xsl:copy-of select="namespace::*[name() and name() != 'xsl']"/>
      <xsl:for-each select="sch:ns">
        <xsl:namespace name="{@prefix}" select="string(@uri)"/>
      </xsl:for-each>
      <xsl:namespace name="xs" select="'http://www.w3.org/2001/XMLSchema'"/>
      <xsl:namespace name="svrl" select="'http://purl.oclc.org/dsdl/svrl'"/>
      <xsl:attribute name="exclude-result-prefixes" select="'#all'"/>
      <axsl:output method="xml" indent="no"/>
      <xsl:copy-of select="xsl:function"/>
      <!-- Pattern-level lets are global variables, as in the ISO skeleton. -->
      <xsl:for-each select="$patterns/sch:let">
        <axsl:variable name="{@name}" select="{@value}"/>
      </xsl:for-each>
      <axsl:template match="/">
        <svrl:schematron-output title="{local:avt(normalize-space(sch:title))}" schemaVersion="">
          <xsl:for-each select="$patterns">
            <svrl:active-pattern id="{@id}"/>
            <axsl:apply-templates select="/" mode="p{position()}"/>
          </xsl:for-each>
        </svrl:schematron-output>
      </axsl:template>
      <xsl:for-each select="$patterns">
        <xsl:variable name="mode" select="'p' || position()"/>
        <xsl:for-each select="* except (sch:let, sch:rule, sch:title)">
          <xsl:message terminate="yes">Unsupported element in a pattern: <xsl:value-of select="name()"/></xsl:message>
        </xsl:for-each>
        <!-- The first rule of a pattern that matches a node wins: priorities fall in document order. -->
        <xsl:for-each select="sch:rule">
          <xsl:variable name="rule" select="."/>
          <xsl:if test="@abstract = 'true' or sch:extends">
            <xsl:message terminate="yes">Abstract rules are not supported</xsl:message>
          </xsl:if>
          <axsl:template match="{@context}" mode="{$mode}" priority="{1000 + last() - position()}">
            <svrl:fired-rule context="{local:avt(@context)}"/>
            <xsl:for-each select="*">
              <xsl:choose>
                <xsl:when test="self::sch:let">
                  <axsl:variable name="{@name}" select="{@value}"/>
                </xsl:when>
                <xsl:when test="self::sch:assert">
                  <axsl:if test="not({@test})">
                    <svrl:failed-assert test="{local:avt(@test)}">
                      <xsl:call-template name="finding"/>
                    </svrl:failed-assert>
                  </axsl:if>
                </xsl:when>
                <xsl:when test="self::sch:report">
                  <axsl:if test="{@test}">
                    <svrl:successful-report test="{local:avt(@test)}">
                      <xsl:call-template name="finding"/>
                    </svrl:successful-report>
                  </axsl:if>
                </xsl:when>
                <xsl:otherwise>
                  <xsl:message terminate="yes">Unsupported element in a rule: <xsl:value-of select="name()"/></xsl:message>
                </xsl:otherwise>
              </xsl:choose>
            </xsl:for-each>
            <axsl:apply-templates select="@*|node()" mode="{$mode}"/>
          </axsl:template>
        </xsl:for-each>
        <axsl:template match="/|node()|@*" mode="{$mode}" priority="-10">
          <axsl:apply-templates select="@*|node()" mode="{$mode}"/>
        </axsl:template>
      </xsl:for-each>
    </axsl:stylesheet>
  </xsl:template>

  <xsl:template name="finding">
    <xsl:if test="@id"><axsl:attribute name="id" select="'{@id}'"/></xsl:if>
    <axsl:attribute name="flag" select="'{(@flag, @role, 'error')[1]}'"/>
    <axsl:attribute name="location" select="path()"/>
    <svrl:text>
      <xsl:apply-templates select="node()" mode="text"/>
    </svrl:text>
  </xsl:template>

  <xsl:template match="text()" mode="text">
    <axsl:text><xsl:value-of select="."/></axsl:text>
  </xsl:template>
  <xsl:template match="sch:name" mode="text">
    <axsl:value-of select="{(@path, 'name()')[1]}"/>
  </xsl:template>
  <xsl:template match="sch:value-of" mode="text">
    <axsl:value-of select="{@select}"/>
  </xsl:template>
  <xsl:template match="*" mode="text">
    <xsl:message terminate="yes">Unsupported element in an assert: <xsl:value-of select="name()"/></xsl:message>
  </xsl:template>
</xsl:stylesheet>
