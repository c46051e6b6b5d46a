import { describe, expect, it } from 'vitest';
import { absolutePaths, hoistAbsolutePaths, tokenize } from '../scripts/einvoice/hoist-absolute-paths';

const paths = (expression: string) => absolutePaths(expression).map((found) => found.text);

describe('the absolute paths an assert can share (ADR 76)', () => {
  it('takes a path whole: steps, predicates, attributes, function steps', () => {
    expect(paths("count(//ram:A/ram:B[ram:C = 'S'][1]/@x) = 0")).toEqual(["//ram:A/ram:B[ram:C = 'S'][1]/@x"]);
    expect(paths('sum(/a/b/xs:decimal(.)) > 0 and /a//c')).toEqual(['/a/b/xs:decimal(.)', '/a//c']);
    expect(paths('exists(/a/*:b/ancestor::c/node())')).toEqual(['/a/*:b/ancestor::c/node()']);
  });

  it('finds paths inside predicates of relative paths and stops at operators', () => {
    expect(paths('ram:X[@currencyID = /r:I/r:C] | //y')).toEqual(['/r:I/r:C', '//y']);
    expect(paths('(//a)[1] ! string(.)')).toEqual(['//a']);
    expect(paths('/a/b - /a/c')).toEqual(['/a/b', '/a/c']);
    expect(paths('if (//a) then //b else /c')).toEqual(['//a', '//b', '/c']);
  });

  it('tells a leading slash from one that continues a path, and * the wildcard from * the operator', () => {
    expect(paths('ram:A/ram:B or ../ram:C//ram:D')).toEqual([]);
    expect(paths('(ram:A)/x and f(.)/y')).toEqual([]);
    expect(paths('2 * /a/b div //c')).toEqual(['/a/b', '//c']);
    expect(paths("//*[ends-with(name(), 'ID')]")).toEqual(["//*[ends-with(name(), 'ID')]"]);
  });

  it('leaves paths that depend on the context: variables, current(), the bare root', () => {
    expect(paths('every $rate in x satisfies (/a/b[r = $rate])')).toEqual([]);
    expect(paths('/a/b[c = current()/d]')).toEqual([]);
    expect(paths('document-uri(/)')).toEqual([]);
    expect(paths('some $x in /a/b satisfies $x = 1')).toEqual(['/a/b']);
  });

  it('reads string literals with quotes and slashes as one token', () => {
    expect(tokenize(`'it''s /a' = "x""/"`).map((token) => token.text)).toEqual([`'it''s /a'`, '=', `"x""/"`]);
    expect(paths(`ram:A = '/not/a/path'`)).toEqual([]);
  });

  it('rewrites only xsl:when and xsl:if tests, one global variable per distinct path, keeping line numbers', () => {
    const xslt = [
      '<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">',
      '<xsl:template match="//a" mode="M1">',
      '<xsl:choose><xsl:when test="count(//a/b) &gt; 0 and //a/',
      'b = \'x\'"/><xsl:otherwise><svrl:failed-assert test="count(//a/b) &gt; 0"/></xsl:otherwise></xsl:choose>',
      '<xsl:if test="$v or /c"/><xsl:value-of select="//a/b"/>',
      '</xsl:template></xsl:stylesheet>',
    ].join('\n');
    const { xslt: out, hoisted, rewritten } = hoistAbsolutePaths(xslt);
    expect(hoisted).toEqual([
      { name: 'invoicer-hoisted-1', path: '//a/b' },
      { name: 'invoicer-hoisted-2', path: '/c' },
    ]);
    expect(rewritten).toBe(2);
    expect(out.split('\n')).toHaveLength(xslt.split('\n').length);
    expect(out).toContain('<xsl:variable name="invoicer-hoisted-1" select="//a/b"/>');
    expect(out).toContain('test="count($invoicer-hoisted-1) &gt; 0 and $invoicer-hoisted-1\n = \'x\'"');
    expect(out).toContain('<svrl:failed-assert test="count(//a/b) &gt; 0"/>');
    expect(out).toContain('<xsl:if test="$v or $invoicer-hoisted-2"/><xsl:value-of select="//a/b"/>');
    expect(out).toContain('<xsl:template match="//a" mode="M1">');
  });
});
