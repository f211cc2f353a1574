<?xml version="1.0" encoding="UTF-8"?>
<!--
  Draws one of the edition's three readings out of its TEI export, one
  line per paragraph of the sources, in source order: the paragraph's id
  (001:7), a tab, and its text.

    java -jar Saxon-HE.jar -s:pasyans.xml -xsl:reading.xsl reading=corrected

  reading = diplomatic (sic and orig: the OCR as received), corrected
  (corr and orig: the book's pre-reform spelling, repaired; the default)
  or modern (corr and reg); all prints the three, tab-separated, in that
  order. Notes at a paragraph's end are not its text;
  a g is the character its declaration maps.
-->
<xsl:stylesheet version="2.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:tei="http://www.tei-c.org/ns/1.0"
    xmlns:xs="http://www.w3.org/2001/XMLSchema"
    exclude-result-prefixes="tei xs">
  <xsl:output method="text" encoding="UTF-8"/>
  <xsl:param name="reading" select="'corrected'"/>

  <xsl:key name="char" match="tei:char" use="@xml:id"/>

  <xsl:template match="/">
    <xsl:if test="not($reading = ('diplomatic', 'corrected', 'modern', 'all'))">
      <xsl:message terminate="yes">reading must be diplomatic, corrected, modern or all, not <xsl:value-of select="$reading"/></xsl:message>
    </xsl:if>
    <xsl:variable name="readings" select="if ($reading = 'all') then ('diplomatic', 'corrected', 'modern') else $reading"/>
    <xsl:for-each select="//tei:text[@xml:id = 'ru']//*[@source][@n]">
      <xsl:sort select="xs:integer(substring-before(@n, ':'))"/>
      <xsl:sort select="xs:integer(substring-after(@n, ':'))"/>
      <xsl:variable name="p" select="."/>
      <xsl:value-of select="@n"/>
      <xsl:for-each select="$readings">
        <xsl:text>&#9;</xsl:text>
        <xsl:apply-templates select="$p/node()" mode="reading">
          <xsl:with-param name="r" select="." tunnel="yes"/>
        </xsl:apply-templates>
      </xsl:for-each>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
  </xsl:template>

  <xsl:template match="tei:choice" mode="reading">
    <xsl:param name="r" tunnel="yes"/>
    <xsl:apply-templates mode="reading" select="
      if ($r = 'diplomatic') then (tei:sic | tei:orig)
      else if ($r = 'corrected') then (tei:corr | tei:orig)
      else (tei:corr | tei:reg)"/>
  </xsl:template>

  <xsl:template match="tei:note" mode="reading"/>

  <xsl:template match="tei:g" mode="reading">
    <xsl:variable name="m" select="key('char', substring-after(@ref, '#'))/tei:mapping"/>
    <xsl:choose>
      <xsl:when test="$m/@type = 'codepoint'">
        <xsl:value-of select="codepoints-to-string(tei:hex(substring-after($m, 'U+')))"/>
      </xsl:when>
      <xsl:otherwise>
        <!-- a byte that is not UTF-8 has no character: U+FFFD stands for it -->
        <xsl:text>&#xFFFD;</xsl:text>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:function name="tei:hex" as="xs:integer">
    <xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="if ($s = '') then 0 else
      tei:hex(substring($s, 1, string-length($s) - 1)) * 16
      + (string-length(substring-before('0123456789ABCDEF', upper-case(substring($s, string-length($s))))))"/>
  </xsl:function>
</xsl:stylesheet>
