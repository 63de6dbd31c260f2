import sanitizeHtml from 'sanitize-html';
import { AppError } from './errors';

/** Drawing elements an uploaded picture may keep; anything else (metadata, editor extensions) is dropped. */
const TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'image',
  'marker',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];

/** Geometry and presentation attributes; no event handlers. `href` values are checked on their own. */
const ATTRS = [
  'xmlns',
  'xmlns:xlink',
  'xml:space',
  'version',
  'baseProfile',
  'id',
  'class',
  'style',
  'lang',
  'xml:lang',
  'href',
  'xlink:href',
  'xlink:title',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'dx',
  'dy',
  'd',
  'points',
  'pathLength',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'vector-effect',
  'paint-order',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'type',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'kernelMatrix',
  'order',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'preserveAlpha',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'azimuth',
  'elevation',
  'z',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'media',
];

/** Read with entities decoded, as a browser would; names keep their case (SVG's are camelCase). */
const parser = { xmlMode: true, decodeEntities: true };
const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
/** What a browser ignores inside a URL scheme (`java&#x09;script:`), removed before looking. */
const squeeze = (v: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a browser skips in a scheme
  v.replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '').toLowerCase();

const ACTIVE = new Set([
  'script',
  'foreignobject',
  'iframe',
  'frame',
  'embed',
  'object',
  'applet',
  'handler',
  'listener',
  'link',
  'meta',
  'base',
  'audio',
  'video',
]);
const ANIMATION = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);
const SAFE_HREF = /^(#[^\s]*|data:image\/(png|jpeg|gif);base64,[a-z0-9+/=\s]*)$/i;

/** Only inner references (`url(#id)`) and no escapes, imports or bindings that could fetch or run anything. */
function cssSafe(css: string): boolean {
  const c = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (/[\\<&]/.test(c)) return false;
  if (/@import|@font-face|expression\s*\(|image-set|-moz-binding|behavior\s*:|(?:java|vb)script\s*:/i.test(c))
    return false;
  for (const m of c.matchAll(/url\s*\(\s*(['"]?)([^'")]*)/gi)) if (!m[2]!.trim().startsWith('#')) return false;
  return true;
}

function attributeSafe(name: string, value: string): boolean {
  if (!/^[A-Za-z_][\w.:-]*$/.test(name)) return false;
  const local = localName(name);
  if (local.startsWith('on')) return false;
  const plain = squeeze(value);
  if (/(?:java|vb|live)script:|data:text|data:application|data:image\/svg/.test(plain)) return false;
  if (local === 'href' || local === 'src') return SAFE_HREF.test(value.trim());
  if (local === 'style' || /url\s*\(/i.test(value)) return cssSafe(value);
  return true;
}

/** Everything in the picture that could run script or fetch something: refused, so the user learns why. */
function findUnsafe(svg: string): boolean {
  // What the parser below would not see the way a browser does: entity declarations and processing instructions.
  if (/<!ENTITY|<!DOCTYPE[^>]*\[|<\?(?!xml\s)/i.test(svg)) return true;
  let unsafe = false;
  sanitizeHtml(svg, {
    parser,
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: [],
    disallowedTagsMode: 'discard',
    onOpenTag(name, attribs) {
      const local = localName(name);
      if (ACTIVE.has(local)) unsafe = true;
      if (ANIMATION.has(local) && /href/i.test(attribs.attributeName ?? '')) unsafe = true;
      for (const [a, v] of Object.entries(attribs)) if (!attributeSafe(a, v)) unsafe = true;
    },
    textFilter(escaped, tag) {
      const text = escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      if (tag && localName(tag) === 'style' && !cssSafe(text)) unsafe = true;
      return '';
    },
  });
  return unsafe;
}

/**
 * Checks an uploaded SVG against an allow-list after entity decoding: script, handlers, outside references and
 * unsafe CSS are refused (400 svgUnsafe). What is kept is written out again from the parsed elements and
 * attributes, so comments, declarations and unknown elements are gone and the stored file is what was checked.
 */
export function cleanSvg(data: Buffer): Buffer {
  const svg = data.toString('utf8').replace(/^\uFEFF/, '');
  if (findUnsafe(svg)) throw new AppError('invalid_image', 'svgUnsafe');
  const clean = sanitizeHtml(svg, {
    parser,
    allowedTags: TAGS,
    allowedAttributes: { '*': ATTRS },
    allowedSchemes: ['data'],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    parseStyleAttributes: false,
    selfClosing: [],
    nonTextTags: ['script', 'textarea', 'option', 'noscript'],
    disallowedTagsMode: 'completelyDiscard',
    // <style> text is written out as read: findUnsafe allowed it only without markup, entities, escapes or outside URLs.
    allowVulnerableTags: true,
  }).trim();
  if (!/^<svg[\s>]/.test(clean)) throw new AppError('invalid_image', 'imageContentMismatch', { type: 'SVG' });
  return Buffer.from(clean, 'utf8');
}
