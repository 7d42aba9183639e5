// mus-widget bundle sha256:531bb4e82ca3ebe1f27147102991b79ed371c3ca1cd285c259679268b5754377 (built from js/ by npm run build)
// node_modules/preact/dist/preact.module.js
var n;
var l;
var u;
var t;
var i;
var r;
var o;
var e;
var f;
var c;
var a;
var s;
var h;
var p;
var v;
var y;
var d = {};
var w = [];
var _ = /acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i;
var g = Array.isArray;
function m(n2, l2) {
  for (var u2 in l2) n2[u2] = l2[u2];
  return n2;
}
function b(n2) {
  n2 && n2.parentNode && n2.parentNode.removeChild(n2);
}
function k(l2, u2, t2) {
  var i2, r2, o2, e2 = {};
  for (o2 in u2) "key" == o2 ? i2 = u2[o2] : "ref" == o2 ? r2 = u2[o2] : e2[o2] = u2[o2];
  if (arguments.length > 2 && (e2.children = arguments.length > 3 ? n.call(arguments, 2) : t2), "function" == typeof l2 && null != l2.defaultProps) for (o2 in l2.defaultProps) void 0 === e2[o2] && (e2[o2] = l2.defaultProps[o2]);
  return x(l2, e2, i2, r2, null);
}
function x(n2, t2, i2, r2, o2) {
  var e2 = { type: n2, props: t2, key: i2, ref: r2, __k: null, __: null, __b: 0, __e: null, __c: null, constructor: void 0, __v: null == o2 ? ++u : o2, __i: -1, __u: 0 };
  return null == o2 && null != l.vnode && l.vnode(e2), e2;
}
function S(n2) {
  return n2.children;
}
function C(n2, l2) {
  this.props = n2, this.context = l2;
}
function $(n2, l2) {
  if (null == l2) return n2.__ ? $(n2.__, n2.__i + 1) : null;
  for (var u2; l2 < n2.__k.length; l2++) if (null != (u2 = n2.__k[l2]) && null != u2.__e) return u2.__e;
  return "function" == typeof n2.type ? $(n2) : null;
}
function I(n2) {
  if (n2.__P && n2.__d) {
    var u2 = n2.__v, t2 = u2.__e, i2 = [], r2 = [], o2 = m({}, u2);
    o2.__v = u2.__v + 1, l.vnode && l.vnode(o2), q(n2.__P, o2, u2, n2.__n, n2.__P.namespaceURI, 32 & u2.__u ? [t2] : null, i2, null == t2 ? $(u2) : t2, !!(32 & u2.__u), r2), o2.__v = u2.__v, o2.__.__k[o2.__i] = o2, D(i2, o2, r2), u2.__e = u2.__ = null, o2.__e != t2 && P(o2);
  }
}
function P(n2) {
  if (null != (n2 = n2.__) && null != n2.__c) return n2.__e = n2.__c.base = null, n2.__k.some(function(l2) {
    if (null != l2 && null != l2.__e) return n2.__e = n2.__c.base = l2.__e;
  }), P(n2);
}
function A(n2) {
  (!n2.__d && (n2.__d = true) && i.push(n2) && !H.__r++ || r != l.debounceRendering) && ((r = l.debounceRendering) || o)(H);
}
function H() {
  try {
    for (var n2, l2 = 1; i.length; ) i.length > l2 && i.sort(e), n2 = i.shift(), l2 = i.length, I(n2);
  } finally {
    i.length = H.__r = 0;
  }
}
function L(n2, l2, u2, t2, i2, r2, o2, e2, f2, c2, a2) {
  var s2, h3, p2, v2, y2, _2, g2 = t2 && t2.__k || w, m2 = l2.length;
  for (f2 = T(u2, l2, g2, f2, m2), s2 = 0; s2 < m2; s2++) null != (p2 = u2.__k[s2]) && (h3 = -1 != p2.__i && g2[p2.__i] || d, p2.__i = s2, _2 = q(n2, p2, h3, i2, r2, o2, e2, f2, c2, a2), v2 = p2.__e, p2.ref && h3.ref != p2.ref && (h3.ref && J(h3.ref, null, p2), a2.push(p2.ref, p2.__c || v2, p2)), null == y2 && null != v2 && (y2 = v2), 4 & p2.__u ? (f2 = j(p2, f2, n2), h3.__e && (h3.__e = null)) : "function" == typeof p2.type && void 0 !== _2 ? f2 = _2 : v2 && (f2 = v2.nextSibling), p2.__u &= -7);
  return u2.__e = y2, f2;
}
function T(n2, l2, u2, t2, i2) {
  var r2, o2, e2, f2, c2, a2 = u2.length, s2 = a2, h3 = 0;
  for (n2.__k = new Array(i2), r2 = 0; r2 < i2; r2++) null != (o2 = l2[r2]) && "boolean" != typeof o2 && "function" != typeof o2 ? ("string" == typeof o2 || "number" == typeof o2 || "bigint" == typeof o2 || o2.constructor == String ? o2 = n2.__k[r2] = x(null, o2, null, null, null) : g(o2) ? o2 = n2.__k[r2] = x(S, { children: o2 }, null, null, null) : void 0 === o2.constructor && o2.__b > 0 ? o2 = n2.__k[r2] = x(o2.type, o2.props, o2.key, o2.ref ? o2.ref : null, o2.__v) : n2.__k[r2] = o2, f2 = r2 + h3, o2.__ = n2, o2.__b = n2.__b + 1, e2 = null, -1 != (c2 = o2.__i = O(o2, u2, f2, s2)) && (s2--, (e2 = u2[c2]) && (e2.__u |= 2)), null == e2 || null == e2.__v ? (-1 == c2 && (i2 > a2 ? h3-- : i2 < a2 && h3++), "function" != typeof o2.type && (o2.__u |= 4)) : c2 != f2 && (c2 == f2 - 1 ? h3-- : c2 == f2 + 1 ? h3++ : (c2 > f2 ? h3-- : h3++, o2.__u |= 4))) : n2.__k[r2] = null;
  if (s2) for (r2 = 0; r2 < a2; r2++) null != (e2 = u2[r2]) && 0 == (2 & e2.__u) && (e2.__e == t2 && (t2 = $(e2)), K(e2, e2));
  return t2;
}
function j(n2, l2, u2) {
  var t2, i2;
  if ("function" == typeof n2.type) {
    for (t2 = n2.__k, i2 = 0; t2 && i2 < t2.length; i2++) t2[i2] && (t2[i2].__ = n2, l2 = j(t2[i2], l2, u2));
    return l2;
  }
  n2.__e != l2 && (l2 && n2.type && !l2.parentNode && (l2 = $(n2)), l2 = u2.insertBefore(n2.__e, l2 || null));
  do {
    l2 = l2 && l2.nextSibling;
  } while (null != l2 && 8 == l2.nodeType);
  return l2;
}
function O(n2, l2, u2, t2) {
  var i2, r2, o2, e2 = n2.key, f2 = n2.type, c2 = l2[u2], a2 = null != c2 && 0 == (2 & c2.__u);
  if (null === c2 && null == e2 || a2 && e2 == c2.key && f2 == c2.type) return u2;
  if (t2 > (a2 ? 1 : 0)) {
    for (i2 = u2 - 1, r2 = u2 + 1; i2 >= 0 || r2 < l2.length; ) if (null != (c2 = l2[o2 = i2 >= 0 ? i2-- : r2++]) && 0 == (2 & c2.__u) && e2 == c2.key && f2 == c2.type) return o2;
  }
  return -1;
}
function z(n2, l2, u2) {
  "-" == l2[0] ? n2.setProperty(l2, null == u2 ? "" : u2) : n2[l2] = null == u2 ? "" : "number" != typeof u2 || _.test(l2) ? u2 : u2 + "px";
}
function N(n2, l2, u2, t2, i2) {
  var r2, o2;
  n: if ("style" == l2) if ("string" == typeof u2) n2.style.cssText = u2;
  else {
    if ("string" == typeof t2 && (n2.style.cssText = t2 = ""), t2) for (l2 in t2) u2 && l2 in u2 || z(n2.style, l2, "");
    if (u2) for (l2 in u2) t2 && u2[l2] == t2[l2] || z(n2.style, l2, u2[l2]);
  }
  else if ("o" == l2[0] && "n" == l2[1]) r2 = l2 != (l2 = l2.replace(s, "$1")), o2 = l2.toLowerCase(), l2 = o2 in n2 || "onFocusOut" == l2 || "onFocusIn" == l2 ? o2.slice(2) : l2.slice(2), n2.l || (n2.l = {}), n2.l[l2 + r2] = u2, u2 ? t2 ? u2[a] = t2[a] : (u2[a] = h, n2.addEventListener(l2, r2 ? v : p, r2)) : n2.removeEventListener(l2, r2 ? v : p, r2);
  else {
    if ("http://www.w3.org/2000/svg" == i2) l2 = l2.replace(/xlink(H|:h)/, "h").replace(/sName$/, "s");
    else if ("width" != l2 && "height" != l2 && "href" != l2 && "list" != l2 && "form" != l2 && "tabIndex" != l2 && "download" != l2 && "rowSpan" != l2 && "colSpan" != l2 && "role" != l2 && "popover" != l2 && l2 in n2) try {
      n2[l2] = null == u2 ? "" : u2;
      break n;
    } catch (n3) {
    }
    "function" == typeof u2 || (null == u2 || false === u2 && "-" != l2[4] ? n2.removeAttribute(l2) : n2.setAttribute(l2, "popover" == l2 && 1 == u2 ? "" : u2));
  }
}
function V(n2) {
  return function(u2) {
    if (this.l) {
      var t2 = this.l[u2.type + n2];
      if (null == u2[c]) u2[c] = h++;
      else if (u2[c] < t2[a]) return;
      return t2(l.event ? l.event(u2) : u2);
    }
  };
}
function q(n2, u2, t2, i2, r2, o2, e2, f2, c2, a2) {
  var s2, h3, p2, v2, y2, d2, _2, k2, x2, M, I2, P2, A2, H2, T2, j2, F = u2.type;
  if (void 0 !== u2.constructor) return null;
  128 & t2.__u && (c2 = !!(32 & t2.__u), o2 = [f2 = u2.__e = t2.__e]), (s2 = l.__b) && s2(u2);
  n: if ("function" == typeof F) {
    h3 = e2.length;
    try {
      if (x2 = u2.props, M = F.prototype && F.prototype.render, I2 = (s2 = F.contextType) && i2[s2.__c], P2 = s2 ? I2 ? I2.props.value : s2.__ : i2, t2.__c ? k2 = (p2 = u2.__c = t2.__c).__ = p2.__E : (M ? u2.__c = p2 = new F(x2, P2) : (u2.__c = p2 = new C(x2, P2), p2.constructor = F, p2.render = Q), I2 && I2.sub(p2), p2.state || (p2.state = {}), p2.__n = i2, v2 = p2.__d = true, p2.__h = [], p2._sb = []), M && null == p2.__s && (p2.__s = p2.state), M && null != F.getDerivedStateFromProps && (p2.__s == p2.state && (p2.__s = m({}, p2.__s)), m(p2.__s, F.getDerivedStateFromProps(x2, p2.__s))), y2 = p2.props, d2 = p2.state, p2.__v = u2, v2) M && null == F.getDerivedStateFromProps && null != p2.componentWillMount && p2.componentWillMount(), M && null != p2.componentDidMount && p2.__h.push(p2.componentDidMount);
      else {
        if (M && null == F.getDerivedStateFromProps && x2 !== y2 && null != p2.componentWillReceiveProps && p2.componentWillReceiveProps(x2, P2), u2.__v == t2.__v || !p2.__e && null != p2.shouldComponentUpdate && false === p2.shouldComponentUpdate(x2, p2.__s, P2)) {
          u2.__v != t2.__v && (p2.props = x2, p2.state = p2.__s, p2.__d = false), u2.__e = t2.__e, u2.__k = t2.__k, u2.__k.some(function(n3) {
            n3 && (n3.__ = u2);
          }), w.push.apply(p2.__h, p2._sb), p2._sb = [], p2.__h.length && e2.push(p2), f2 = $(t2);
          break n;
        }
        null != p2.componentWillUpdate && p2.componentWillUpdate(x2, p2.__s, P2), M && null != p2.componentDidUpdate && p2.__h.push(function() {
          p2.componentDidUpdate(y2, d2, _2);
        });
      }
      if (p2.context = P2, p2.props = x2, p2.__P = n2, p2.__e = false, A2 = l.__r, H2 = 0, M) p2.state = p2.__s, p2.__d = false, A2 && A2(u2), s2 = p2.render(p2.props, p2.state, p2.context), w.push.apply(p2.__h, p2._sb), p2._sb = [];
      else do {
        p2.__d = false, A2 && A2(u2), s2 = p2.render(p2.props, p2.state, p2.context), p2.state = p2.__s;
      } while (p2.__d && ++H2 < 25);
      p2.state = p2.__s, null != p2.getChildContext && (i2 = m(m({}, i2), p2.getChildContext())), M && !v2 && null != p2.getSnapshotBeforeUpdate && (_2 = p2.getSnapshotBeforeUpdate(y2, d2)), T2 = null != s2 && s2.type === S && null == s2.key ? E(s2.props.children) : s2, f2 = L(n2, g(T2) ? T2 : [T2], u2, t2, i2, r2, o2, e2, f2, c2, a2), p2.base = u2.__e, u2.__u &= -161, p2.__h.length && e2.push(p2), k2 && (p2.__E = p2.__ = null);
    } catch (n3) {
      if (e2.length = h3, u2.__v = null, c2 || null != o2) {
        if (n3.then) {
          for (u2.__u |= c2 ? 160 : 128; f2 && 8 == f2.nodeType && f2.nextSibling; ) f2 = f2.nextSibling;
          null != o2 && (o2[o2.indexOf(f2)] = null), u2.__e = f2;
        } else if (null != o2) for (j2 = o2.length; j2--; ) b(o2[j2]);
      } else u2.__e = t2.__e;
      null == u2.__k && (u2.__k = t2.__k || []), n3.then || B(u2), l.__e(n3, u2, t2);
    }
  } else null == o2 && u2.__v == t2.__v ? (u2.__k = t2.__k, u2.__e = t2.__e) : f2 = u2.__e = G(t2.__e, u2, t2, i2, r2, o2, e2, c2, a2);
  return (s2 = l.diffed) && s2(u2), 128 & u2.__u ? void 0 : f2;
}
function B(n2) {
  n2 && (n2.__c && (n2.__c.__e = true), n2.__k && n2.__k.some(B));
}
function D(n2, u2, t2) {
  for (var i2 = 0; i2 < t2.length; i2++) J(t2[i2], t2[++i2], t2[++i2]);
  l.__c && l.__c(u2, n2), n2.some(function(u3) {
    try {
      n2 = u3.__h, u3.__h = [], n2.some(function(n3) {
        n3.call(u3);
      });
    } catch (n3) {
      l.__e(n3, u3.__v);
    }
  });
}
function E(n2) {
  return "object" != typeof n2 || null == n2 || n2.__b > 0 ? n2 : g(n2) ? n2.map(E) : void 0 !== n2.constructor ? null : m({}, n2);
}
function G(u2, t2, i2, r2, o2, e2, f2, c2, a2) {
  var s2, h3, p2, v2, y2, w2, _2, m2 = i2.props || d, k2 = t2.props, x2 = t2.type;
  if ("svg" == x2 ? o2 = "http://www.w3.org/2000/svg" : "math" == x2 ? o2 = "http://www.w3.org/1998/Math/MathML" : o2 || (o2 = "http://www.w3.org/1999/xhtml"), null != e2) {
    for (s2 = 0; s2 < e2.length; s2++) if ((y2 = e2[s2]) && "setAttribute" in y2 == !!x2 && (x2 ? y2.localName == x2 : 3 == y2.nodeType)) {
      u2 = y2, e2[s2] = null;
      break;
    }
  }
  if (null == u2) {
    if (null == x2) return document.createTextNode(k2);
    u2 = document.createElementNS(o2, x2, k2.is && k2), c2 && (l.__m && l.__m(t2, e2), c2 = false), e2 = null;
  }
  if (null == x2) m2 === k2 || c2 && u2.data == k2 || (u2.data = k2);
  else {
    if (e2 = "textarea" == x2 && null != k2.defaultValue ? null : e2 && n.call(u2.childNodes), !c2 && null != e2) for (m2 = {}, s2 = 0; s2 < u2.attributes.length; s2++) m2[(y2 = u2.attributes[s2]).name] = y2.value;
    for (s2 in m2) y2 = m2[s2], "dangerouslySetInnerHTML" == s2 ? p2 = y2 : "children" == s2 || s2 in k2 || "value" == s2 && "defaultValue" in k2 || "checked" == s2 && "defaultChecked" in k2 || N(u2, s2, null, y2, o2);
    for (s2 in k2) y2 = k2[s2], "children" == s2 ? v2 = y2 : "dangerouslySetInnerHTML" == s2 ? h3 = y2 : "value" == s2 ? w2 = y2 : "checked" == s2 ? _2 = y2 : c2 && "function" != typeof y2 || m2[s2] === y2 || N(u2, s2, y2, m2[s2], o2);
    if (h3) c2 || p2 && (h3.__html == p2.__html || h3.__html == u2.innerHTML) || (u2.innerHTML = h3.__html), t2.__k = [];
    else if (p2 && (u2.innerHTML = ""), L("template" == t2.type ? u2.content : u2, g(v2) ? v2 : [v2], t2, i2, r2, "foreignObject" == x2 ? "http://www.w3.org/1999/xhtml" : o2, e2, f2, e2 ? e2[0] : i2.__k && $(i2, 0), c2, a2), null != e2) for (s2 = e2.length; s2--; ) b(e2[s2]);
    c2 && "textarea" != x2 || (s2 = "value", "progress" == x2 && null == w2 ? u2.removeAttribute("value") : null != w2 && (w2 !== u2[s2] || "progress" == x2 && !w2 || "option" == x2 && w2 != m2[s2]) && N(u2, s2, w2, m2[s2], o2), s2 = "checked", null != _2 && _2 != u2[s2] && N(u2, s2, _2, m2[s2], o2));
  }
  return u2;
}
function J(n2, u2, t2) {
  try {
    if ("function" == typeof n2) {
      var i2 = "function" == typeof n2.__u;
      i2 && n2.__u(), i2 && null == u2 || (n2.__u = n2(u2));
    } else n2.current = u2;
  } catch (n3) {
    l.__e(n3, t2);
  }
}
function K(n2, u2, t2) {
  var i2, r2;
  if (l.unmount && l.unmount(n2), (i2 = n2.ref) && (i2.current && i2.current != n2.__e || J(i2, null, u2)), null != (i2 = n2.__c)) {
    if (i2.componentWillUnmount) try {
      i2.componentWillUnmount();
    } catch (n3) {
      l.__e(n3, u2);
    }
    i2.base = i2.__P = i2.__n = null;
  }
  if (i2 = n2.__k) for (r2 = 0; r2 < i2.length; r2++) i2[r2] && K(i2[r2], u2, t2 || "function" != typeof n2.type);
  t2 || b(n2.__e), n2.__c = n2.__ = n2.__e = void 0;
}
function Q(n2, l2, u2) {
  return this.constructor(n2, u2);
}
function R(u2, t2, i2) {
  var r2, o2, e2, f2;
  t2 == document && (t2 = document.documentElement), l.__ && l.__(u2, t2), o2 = (r2 = "function" == typeof i2) ? null : i2 && i2.__k || t2.__k, e2 = [], f2 = [], q(t2, u2 = (!r2 && i2 || t2).__k = k(S, null, [u2]), o2 || d, d, t2.namespaceURI, !r2 && i2 ? [i2] : o2 ? null : t2.firstChild ? n.call(t2.childNodes) : null, e2, !r2 && i2 ? i2 : o2 ? o2.__e : t2.firstChild, r2, f2), D(e2, u2, f2), u2.props.children = null;
}
n = w.slice, l = { __e: function(n2, l2, u2, t2) {
  for (var i2, r2, o2; l2 = l2.__; ) if ((i2 = l2.__c) && !i2.__) try {
    if ((r2 = i2.constructor) && null != r2.getDerivedStateFromError && (i2.setState(r2.getDerivedStateFromError(n2)), o2 = i2.__d), null != i2.componentDidCatch && (i2.componentDidCatch(n2, t2 || {}), o2 = i2.__d), o2) return i2.__E = i2;
  } catch (l3) {
    n2 = l3;
  }
  throw n2;
} }, u = 0, t = function(n2) {
  return null != n2 && void 0 === n2.constructor;
}, C.prototype.setState = function(n2, l2) {
  var u2;
  u2 = null != this.__s && this.__s != this.state ? this.__s : this.__s = m({}, this.state), "function" == typeof n2 && (n2 = n2(m({}, u2), this.props)), n2 && m(u2, n2), null != n2 && this.__v && (l2 && this._sb.push(l2), A(this));
}, C.prototype.forceUpdate = function(n2) {
  this.__v && (this.__e = true, n2 && this.__h.push(n2), A(this));
}, C.prototype.render = S, i = [], o = "function" == typeof Promise ? Promise.prototype.then.bind(Promise.resolve()) : setTimeout, e = function(n2, l2) {
  return n2.__v.__b - l2.__v.__b;
}, H.__r = 0, f = Math.random().toString(8), c = "__d" + f, a = "__a" + f, s = /(PointerCapture)$|Capture$/i, h = 0, p = V(false), v = V(true), y = 0;

// js/dom.js
function props(given) {
  const out = {};
  for (const [key, value] of Object.entries(given || {})) {
    if (key === "class") {
      out.class = Array.isArray(value) ? value.filter(Boolean).join(" ") : value || void 0;
    } else if (key === "on") {
      for (const [type, fn] of Object.entries(value)) out[`on${type}`] = fn;
    } else if (key === "aria" || key === "data") {
      for (const [name, v2] of Object.entries(value)) {
        if (v2 !== void 0 && v2 !== null && v2 !== false) out[`${key}-${name}`] = String(v2);
      }
    } else if (key === "html") {
      out.dangerouslySetInnerHTML = { __html: value };
    } else if (value !== void 0 && value !== null && value !== false) {
      out[key] = value;
    }
  }
  return out;
}
function kids(children) {
  return children.map((child) => {
    if (child === null || child === void 0 || child === false || child === "") return null;
    if (Array.isArray(child)) return kids(child);
    return typeof child === "object" ? child : String(child);
  });
}
function h2(tag, given = {}, ...children) {
  return k(tag, props(given), ...kids(children));
}
function frame(tag, attributes = {}) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") made.className = value;
    else if (name === "hidden") made.hidden = Boolean(value);
    else made.setAttribute(name, String(value));
  }
  return made;
}
function draw(view, container) {
  R(view, container);
}

// js/fallback.js
var FALLBACK_SUFFIX = ".fallback";
function kernelStatus(manager) {
  try {
    const kernel = manager.kernel;
    return kernel && !kernel.isDisposed ? kernel.status : null;
  } catch {
    return null;
  }
}
async function lookUp(manager, id) {
  try {
    if (typeof manager.has_model === "function" && !manager.has_model(id)) return null;
    return await manager.get_model(id) || null;
  } catch {
    return null;
  }
}
function withFallback(model, { id, quiet = 1500, every = 250 } = {}) {
  const manager = model.widget_manager;
  if (!id || !manager || typeof manager.get_model !== "function" || kernelStatus(manager) === null) {
    return { model, stop() {
    } };
  }
  const handlers = [];
  let fallback = null;
  let heard = false;
  let asked = false;
  let looking = false;
  let idle = 0;
  const hear = () => {
    heard = true;
  };
  model.on("msg:custom", hear);
  model.on("change", hear);
  function attach(found) {
    fallback = found;
    for (const [name, callback] of handlers) {
      model.off(name, callback);
      fallback.on(name, callback);
    }
    const called = /* @__PURE__ */ new Set();
    for (const [name, callback] of handlers) {
      if (!name.startsWith("change:") || called.has(callback)) continue;
      called.add(callback);
      callback();
    }
  }
  function tick() {
    if (heard) {
      clearInterval(timer);
      if (asked) model.send({ type: "drop_fallback" });
      return;
    }
    if (!asked) {
      idle = kernelStatus(manager) === "idle" ? idle + every : 0;
      if (idle < quiet) return;
      asked = true;
      model.send({ type: "fallback" });
    }
    if (looking) return;
    looking = true;
    lookUp(manager, `${id}${FALLBACK_SUFFIX}`).then((found) => {
      looking = false;
      if (!found || fallback || heard) return;
      clearInterval(timer);
      attach(found);
    });
  }
  const timer = setInterval(tick, every);
  model.send({ type: "ping", seq: 0 });
  const source = () => fallback || model;
  return {
    model: {
      get(name) {
        const value = fallback ? fallback.get(name) : void 0;
        return value === void 0 ? model.get(name) : value;
      },
      on(name, callback) {
        handlers.push([name, callback]);
        source().on(name, callback);
      },
      off(name, callback) {
        const at = handlers.findIndex(([n2, c2]) => n2 === name && c2 === callback);
        if (at >= 0) handlers.splice(at, 1);
        source().off(name, callback);
      },
      send: (...args) => model.send(...args),
      widget_manager: manager
    },
    stop() {
      clearInterval(timer);
      model.off("msg:custom", hear);
      model.off("change", hear);
      for (const [name, callback] of handlers) source().off(name, callback);
      handlers.length = 0;
    }
  };
}

// js/host.js
function hostTheme(doc = document, media = globalThis.matchMedia) {
  const body = doc.body;
  const html = doc.documentElement;
  const lab = body && body.getAttribute("data-jp-theme-light");
  if (lab === "false") return "dark";
  if (lab === "true") return "light";
  const kind = body && body.getAttribute("data-vscode-theme-kind") || "";
  const classes = body ? body.classList : { contains: () => false };
  if (kind) return /light/.test(kind) && !/contrast(?!-light)/.test(kind) ? "light" : "dark";
  if (classes.contains("vscode-dark") || classes.contains("vscode-high-contrast")) return "dark";
  if (classes.contains("vscode-light")) return "light";
  const colab = html && html.getAttribute("theme");
  if (colab === "dark" || colab === "light") return colab;
  return media && media("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
function followTheme(el, doc = document) {
  const apply = () => {
    el.dataset.theme = hostTheme(doc);
  };
  apply();
  const observer = new MutationObserver(apply);
  for (const node of [doc.body, doc.documentElement]) {
    if (node) observer.observe(node, { attributes: true, attributeFilter: ["class", "theme", "data-jp-theme-light", "data-vscode-theme-kind"] });
  }
  const query = globalThis.matchMedia ? globalThis.matchMedia("(prefers-color-scheme: dark)") : null;
  if (query && query.addEventListener) query.addEventListener("change", apply);
  return () => {
    observer.disconnect();
    if (query && query.removeEventListener) query.removeEventListener("change", apply);
  };
}
async function backingModel(model, id) {
  try {
    const manager = model.widget_manager;
    if (!id || !manager || typeof manager.get_model !== "function") return null;
    return await manager.get_model(id) || null;
  } catch {
    return null;
  }
}
function kernelWatch(model, { id, onLost, onBack = () => {
}, patience = 3e3 }) {
  let backing = null;
  let answered = false;
  let lost = false;
  let pending = null;
  let seq = 0;
  const ready = backingModel(model, id).then((found) => {
    backing = found;
  });
  const kernel = () => {
    try {
      return model.widget_manager ? model.widget_manager.kernel : void 0;
    } catch {
      return void 0;
    }
  };
  const lose = () => {
    if (lost) return;
    lost = true;
    onLost();
  };
  const onMessage = (content) => {
    if (!content || content.type !== "pong") return;
    answered = true;
    if (pending !== null) clearTimeout(pending);
    pending = null;
    if (lost && !frozen()) {
      lost = false;
      onBack();
    }
  };
  function frozen() {
    if (backing && backing.comm_live === false) return true;
    const k2 = kernel();
    return Boolean(k2 && (k2.isDisposed || k2.status === "dead"));
  }
  model.on("msg:custom", onMessage);
  const ping = () => {
    seq += 1;
    model.send({ type: "ping", seq });
    const k2 = kernel();
    const busy = k2 && k2.status === "busy";
    if (answered && !busy && pending === null) pending = setTimeout(lose, patience);
  };
  ping();
  return {
    get lost() {
      return lost;
    },
    /** Whether the table may go on: false (and `onLost` called) when the kernel is gone. */
    check() {
      if (lost) return false;
      if (frozen()) {
        lose();
        return false;
      }
      ping();
      return true;
    },
    /** Whether the host says there is no kernel behind the model (an exported page, a restarted kernel). */
    frozen,
    /** Settles once the host's model has been looked up (at once where the host has none). */
    ready,
    stop() {
      if (pending !== null) clearTimeout(pending);
      model.off("msg:custom", onMessage);
    }
  };
}

// js/still.js
function hideStills(id, doc = globalThis.document) {
  if (!id || !doc || typeof doc.querySelectorAll !== "function") return;
  const hide = () => {
    for (
      const picture of
      /** @type {NodeListOf<HTMLElement>} */
      doc.querySelectorAll("[data-mus-still]")
    ) {
      if (picture.getAttribute("data-mus-still") === id) picture.hidden = true;
    }
  };
  hide();
  (globalThis.requestAnimationFrame || ((f2) => setTimeout(f2, 16)))(hide);
}

// js/mount.js
function mount(born, el, { className, onLost, onBack, onFrozen }) {
  const { model, stop: stopFallback } = withFallback(born, { id: born.get("_id") });
  const root = frame("div", { class: className, "data-lm-suppress-shortcuts": "true" });
  el.appendChild(root);
  const unfollow = followTheme(root);
  hideStills(born.get("_id"));
  const watch = kernelWatch(model, { id: model.get("_id"), onLost, onBack });
  watch.ready.then(() => {
    if (watch.frozen()) onFrozen();
  });
  const listening = [];
  return {
    model,
    root,
    watch,
    /** Listen to the model's events (`{ "change:state": draw }`) until unmount. */
    listen(events) {
      for (const [name, fn] of Object.entries(events)) {
        model.on(name, fn);
        listening.push([name, fn]);
      }
    },
    unmount() {
      for (const [name, fn] of listening) model.off(name, fn);
      watch.stop();
      unfollow();
      stopFallback();
    }
  };
}
function mountPanel(born, el, className, draw2) {
  let notice = null;
  const say = (kernel) => {
    notice = kernel;
    draw2();
  };
  const mounted = mount(born, el, {
    className,
    onLost: () => say("lost"),
    onBack: () => say(null),
    onFrozen: () => say("snapshot")
  });
  mounted.root.lang = "en";
  return {
    ...mounted,
    notice: () => notice,
    send(content) {
      if (notice === null && mounted.watch.check()) mounted.model.send(content);
    }
  };
}

// js/quiz.js
function quizView(state, { answer, another, notice }) {
  const answers = state.answers.map(([key, label]) => {
    const cls = ["mus-quiz-answer"];
    if (state.right === key) cls.push("mus-quiz-right");
    else if (state.chosen === key) cls.push("mus-quiz-wrong");
    return h2("button", {
      type: "button",
      class: cls,
      data: { key },
      title: label,
      aria: { pressed: state.chosen === key ? "true" : "false" },
      on: { click: () => answer(key) }
    }, label);
  });
  const verdict = state.verdict ? h2(
    "p",
    { class: ["mus-quiz-verdict", state.verdict.right ? "mus-quiz-good" : "mus-quiz-bad"], role: "status" },
    h2("b", {}, state.verdict.text),
    " ",
    state.verdict.why
  ) : h2("p", { class: "mus-quiz-verdict", role: "status" });
  const record = state.record ? h2("p", {
    class: ["mus-quiz-record", state.record.recorded ? "mus-quiz-recorded" : "mus-quiz-unrecorded"],
    role: "status"
  }, state.record.text) : null;
  const picture = h2("div", { class: "mus-quiz-picture", html: state.picture });
  return [
    notice ? h2(
      "p",
      { class: "mus-quiz-lost", role: "alert", data: { kernel: notice } },
      notice === "snapshot" ? state.snapshot : state.lost
    ) : null,
    picture,
    h2("p", { class: "mus-quiz-question" }, h2("b", {}, state.question)),
    h2("div", { class: "mus-quiz-answers" }, answers),
    verdict,
    record,
    h2(
      "button",
      { type: "button", class: "mus-quiz-another", data: { key: "another" }, on: { click: another } },
      `⟳ ${state.another}`
    )
  ].filter(Boolean);
}
function render({ model: born, el }) {
  const mounted = mountPanel(born, el, "mus-quiz", draw2);
  const model = mounted.model;
  const { root, send } = mounted;
  function draw2() {
    const state = model.get("state");
    if (!state || !state.answers) return;
    root.lang = state.language || "en";
    draw(quizView(state, {
      answer: (key) => send({ type: "answer", key }),
      another: () => send({ type: "another" }),
      notice: mounted.notice()
    }), root);
  }
  mounted.listen({ "change:state": draw2 });
  draw2();
  return () => mounted.unmount();
}
var quiz_default = { render };
export {
  quiz_default as default,
  quizView
};
