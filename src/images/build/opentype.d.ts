/**
 * The part of opentype.js (2.x, which ships no types) that og-glyphs.ts reads: a font's
 * metrics, not its outlines.
 */
declare module "opentype.js" {
  namespace opentype {
    interface Glyph {
      /** 0 is .notdef: the font has no glyph for the character. */
      index: number;
      /** In font units (`Font.unitsPerEm` an em). */
      advanceWidth?: number;
    }
    /** GPOS kerning lookups of one script (opaque here). */
    type KerningLookups = object;
    interface Font {
      unitsPerEm: number;
      /** GPOS positioning, when the font has a GPOS table. */
      position?: {
        /** The kerning lookups of `script` ("latn"), undefined when it has none. */
        getKerningTables(script: string, language?: string): KerningLookups | undefined;
        getKerningValue(lookups: KerningLookups, leftIndex: number, rightIndex: number): number;
      };
      charToGlyph(char: string): Glyph | null;
      /** The kerning between two glyphs, from GPOS pair adjustments or the kern table, in font units. */
      getKerningValue(left: Glyph, right: Glyph): number;
    }
  }
  const opentype: {
    parse(buffer: ArrayBuffer): opentype.Font;
  };
  export default opentype;
}
