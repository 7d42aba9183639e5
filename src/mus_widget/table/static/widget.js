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
function svgImage(markup, className) {
  return k("span", { class: className, "aria-hidden": "true", dangerouslySetInnerHTML: { __html: markup } });
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
function byTouch(event) {
  const kind = (
    /** @type {PointerEvent} */
    event.pointerType
  );
  return kind === "touch" || kind === "pen";
}

// js/i18n.js
var plurals = /* @__PURE__ */ new Map();
var numbers = /* @__PURE__ */ new Map();
function pluralRules(language) {
  if (!plurals.has(language)) plurals.set(language, new Intl.PluralRules(language));
  return plurals.get(language);
}
function formatNumber(language, value) {
  if (!numbers.has(language)) numbers.set(language, new Intl.NumberFormat(language, { maximumFractionDigits: 3 }));
  return numbers.get(language).format(value);
}
function translate(messages, id, values = {}, language = "en") {
  let key = id;
  if (typeof values.count === "number") {
    const plural = `${id}.${pluralRules(language).select(values.count)}`;
    if (messages[plural] !== void 0) key = plural;
  }
  const text = messages[key];
  if (text === void 0) return id;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === "number" ? formatNumber(language, value) : String(value);
  });
}
function translator(messages, language = "en") {
  return (id, values) => translate(messages || {}, id, values, language || "en");
}
function actionLabel(t2, action) {
  if (action.kind === "envido") return t2("action.envido", { amount: action.amount });
  if (action.kind === "discard") return t2("action.discard", { count: action.cards.length });
  return t2(`action.${action.kind}`);
}
function actionGloss(t2, action) {
  const id = `gloss.action.${action.kind}`;
  const gloss = t2(id);
  return gloss === id ? "" : gloss;
}
function lanceLabel(t2, lance) {
  const word = t2(`lance.${lance}`);
  const id = `gloss.lance.${lance}`;
  const gloss = t2(id);
  return gloss === id ? word : t2("ui.glossed", { word, gloss });
}
function cardName(t2, card) {
  const number = card.slice(0, -1);
  const suit = card.slice(-1);
  return t2("ui.card.name", { number: t2(`ui.card.${number}`), suit: t2(`ui.suit.${suit}`) });
}

// js/faces.js
var SKIN = "#f6cf9f";
var LINE = "#6b4424";
var DARK = "#2e1f12";
var LIP = "#c2413a";
var TONGUE = "#f07a93";
var EYES = `<circle cx="14.5" cy="18" r="1.9" fill="${DARK}"/><circle cx="25.5" cy="18" r="1.9" fill="${DARK}"/>`;
var BROWS = `<path d="M11.5,13.2 Q14.5,11.8 17.5,13.2 M22.5,13.2 Q25.5,11.8 28.5,13.2" stroke="${DARK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>`;
var CLOSED_LEFT = `<path d="M11.8,18.2 Q14.5,20.6 17.2,18.2" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
var CLOSED_RIGHT = `<path d="M22.8,18.2 Q25.5,20.6 28.2,18.2" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
var NOSE = `<path d="M20,19.5 Q21.6,23.4 19.4,24" stroke="${LINE}" stroke-width="0.9" fill="none" stroke-linecap="round"/>`;
function head(features) {
  return `<svg class="mus-face-art" viewBox="0 0 40 40" xmlns="http://www.w3.org/2000/svg" focusable="false"><circle cx="20" cy="21" r="16" fill="${SKIN}" stroke="${LINE}" stroke-width="1.3"/><path d="M5.2,17 C5,7.5 12,4 20,4 C28,4 35,7.5 34.8,17 C31,11.5 27,9.8 20,10 C13,9.8 9,11.5 5.2,17 Z" fill="#5a3a22"/>` + features + `</svg>`;
}
var MOUTH_STRAIGHT = `<path d="M14,29 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/>`;
var MOUTH_SMILE = `<path d="M14,28 Q20,32.5 26,28" stroke="${DARK}" stroke-width="1.5" fill="none" stroke-linecap="round"/>`;
var LOWER_LIP = `<path d="M14.5,28.4 Q20,33.4 25.5,28.4 Q20,30.4 14.5,28.4 Z" fill="${LIP}"/>`;
var SENA_FACES = {
  nothing: EYES + BROWS + NOSE + MOUTH_STRAIGHT,
  need_mus: CLOSED_LEFT + CLOSED_RIGHT + BROWS + NOSE + MOUTH_STRAIGHT,
  two_reyes: EYES + BROWS + NOSE + LOWER_LIP + `<rect x="17.6" y="27.2" width="4.8" height="2.6" rx="0.6" fill="#fff" stroke="${LINE}" stroke-width="0.5"/>`,
  three_reyes: EYES + BROWS + NOSE + LOWER_LIP + `<rect x="21.4" y="27" width="4.4" height="2.6" rx="0.6" fill="#fff" stroke="${LINE}" stroke-width="0.5"/>`,
  two_ases: EYES + BROWS + NOSE + `<path d="M14,28 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/><path d="M17,28 V31.5 Q20,35.5 23,31.5 V28 Z" fill="${TONGUE}" stroke="${LINE}" stroke-width="0.6"/>`,
  three_ases: EYES + BROWS + NOSE + `<path d="M14,28 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/><path d="M22,28 L24.5,31.8 Q27.6,33.6 28.2,29.6 L26,28 Z" fill="${TONGUE}" stroke="${LINE}" stroke-width="0.6"/>`,
  duples: `<circle cx="14.5" cy="18.4" r="2.4" fill="#fff" stroke="${DARK}" stroke-width="0.8"/><circle cx="25.5" cy="18.4" r="2.4" fill="#fff" stroke="${DARK}" stroke-width="0.8"/><circle cx="14.5" cy="18.4" r="1.2" fill="${DARK}"/><circle cx="25.5" cy="18.4" r="1.2" fill="${DARK}"/><path d="M10.8,11 Q14.5,7.6 18.2,11 M21.8,11 Q25.5,7.6 29.2,11" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>` + NOSE + `<ellipse cx="20" cy="29.2" rx="3.4" ry="2" fill="${DARK}"/>`,
  medias: EYES + BROWS + NOSE + `<path d="M14,30 Q19,29.6 24,27 Q26,25.8 27.5,26.5" stroke="${DARK}" stroke-width="1.5" fill="none" stroke-linecap="round"/><path d="M27.6,23.5 Q30.6,26.5 28.2,30" stroke="${LINE}" stroke-width="1" fill="none" stroke-linecap="round"/>`,
  thirty_one: CLOSED_LEFT + `<circle cx="25.5" cy="18" r="1.9" fill="${DARK}"/><path d="M11.5,14 Q14.5,14.2 17.5,13 M22.5,12.6 Q25.5,11.2 28.5,12.6" stroke="${DARK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>` + NOSE + MOUTH_SMILE,
  three_reyes_and_as: EYES + BROWS + NOSE + `<ellipse cx="20" cy="29" rx="2.6" ry="2.3" fill="${LIP}" stroke="#8e2420" stroke-width="0.6"/><ellipse cx="20" cy="29" rx="0.9" ry="0.8" fill="#8e2420"/><path d="M30.5,26 C30.5,24.4 32.6,24.4 32.6,26 C32.6,24.4 34.7,24.4 34.7,26 C34.7,27.6 32.6,28.8 32.6,29.6 C32.6,28.8 30.5,27.6 30.5,26 Z" fill="#e0445d"/>`
};
var NEUTRAL = EYES + BROWS + NOSE + MOUTH_SMILE;
function faceSvg(senaId) {
  return head(SENA_FACES[senaId] || NEUTRAL);
}
var SENA_IDS = Object.keys(SENA_FACES);
function manoSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="M7,22 C4.6,20 3.2,16.6 3.4,13.6 L3.6,11.2 C3.7,10 5.5,9.9 5.7,11.2 L6.2,13.6 L6.4,4.6 C6.5,3.2 8.4,3.2 8.5,4.6 L8.8,11 L9.1,2.9 C9.2,1.5 11.2,1.5 11.3,2.9 L11.5,10.8 L12,3.6 C12.1,2.2 14.1,2.2 14.2,3.6 L14.3,11.4 L15.2,5.8 C15.4,4.5 17.3,4.7 17.2,6 L16.8,15 C16.6,18.6 15.6,20.6 14,22 Z" fill="#ff8fc2" stroke="#b0266b" stroke-width="1" stroke-linejoin="round"/></svg>`;
}
function presenceSvg(presence2) {
  const art = presence2 === "away" ? `<rect x="4" y="7" width="16" height="13" rx="3" fill="#cfd8e3" stroke="#334155" stroke-width="1.4"/><path d="M12,7 V3.5" stroke="#334155" stroke-width="1.6"/><circle cx="12" cy="3" r="1.8" fill="#d62828"/><circle cx="8.8" cy="12.6" r="1.9" fill="#334155"/><circle cx="15.2" cy="12.6" r="1.9" fill="#334155"/><path d="M8.5,16.8 H15.5" stroke="#334155" stroke-width="1.5" stroke-linecap="round"/>` : `<circle cx="12" cy="12" r="11" fill="#fde2e1" stroke="#b3261e" stroke-width="1.3"/><path d="M5,15 H9 M15,9 H19 M9,12 L10.5,10.5 M13.5,13.5 L15,12 M10,7 L14,17" stroke="#b3261e" stroke-width="1.8" stroke-linecap="round" fill="none"/>`;
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">${art}</svg>`;
}
function arrowSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="M2,9 H12 V4 L22,12 L12,20 V15 H2 Z" fill="#3ddc5a" stroke="#0d6b22" stroke-width="1.3" stroke-linejoin="round"/></svg>`;
}
function exclamationSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><circle cx="12" cy="12" r="11" fill="#d62828" stroke="#7a0f0f" stroke-width="1"/><path d="M10.3,4.5 H13.7 L13,14 H11 Z" fill="#fff"/><circle cx="12" cy="17.6" r="1.9" fill="#fff"/></svg>`;
}
function questionSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><circle cx="12" cy="12" r="11" fill="#8a5a2b" stroke="#4b2c12" stroke-width="1"/><path d="M8.6,9 C8.6,5 15.4,5 15.4,9 C15.4,11.6 12.2,11.8 12.2,14.4" stroke="#fff" stroke-width="2.3" fill="none" stroke-linecap="round"/><circle cx="12.2" cy="18" r="1.5" fill="#fff"/></svg>`;
}
function crossSvg(colour) {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="M5,5 L19,19 M19,5 L5,19" stroke="${colour}" stroke-width="4" stroke-linecap="round"/></svg>`;
}
function pageSvg(direction) {
  const d2 = direction < 0 ? "M15,4 L7,12 L15,20" : "M9,4 L17,12 L9,20";
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="${d2}" stroke="currentColor" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

// js/views/turn.js
function barText(t2, state) {
  const turn = state.turn;
  if (!turn) return "";
  if (turn.kind === "mus") return t2("ui.bar.mus", { round: turn.round });
  if (turn.kind === "discard") return t2("ui.bar.discard");
  const lance = lanceLabel(t2, turn.lance);
  if (turn.ordago_on) return t2("ui.bar.ordago", { lance });
  if (turn.stake) return t2("ui.bar.stake", { lance, stake: turn.stake });
  return t2("ui.bar.open", { lance });
}
function sliderRange(turn) {
  if (!turn || !turn.raise) return null;
  const [low, high] = turn.raise;
  return { low, high, max: turn.ordago ? high + 1 : high };
}
function sliderStops(turn) {
  const range = sliderRange(turn);
  if (!range) return null;
  const stops = [];
  for (let amount = range.low; amount <= range.high; amount += 1) {
    if (amount - range.low <= 7 || amount % 5 === 0 || amount === range.high) stops.push(amount);
  }
  if (range.max > range.high) stops.push(range.max);
  return stops;
}
var ORDAGO = { kind: "ordago", text: "ordago" };
function decidesTheGame(turn, text) {
  if (!turn || turn.kind !== "bet") return false;
  return text === "ordago" || text === "quiero" && Boolean(turn.ordago_on);
}
function confirmView(ctx, turn) {
  const { t: t2, ui } = ctx;
  const action = ui.confirming;
  if (!action || !decidesTheGame(turn, action)) return null;
  const label = actionLabel(t2, action === "ordago" ? ORDAGO : { kind: "quiero", text: "quiero" });
  return h2(
    "div",
    { class: "mus-confirm", role: "group", aria: { label: t2(`ui.confirm.${action}`) } },
    h2("p", { class: "mus-confirm-text" }, t2(`ui.confirm.${action}`)),
    h2(
      "div",
      { class: "mus-confirm-buttons" },
      h2("button", {
        class: "mus-action mus-primary mus-confirm-yes",
        type: "button",
        disabled: ctx.waiting,
        data: { key: "confirm-yes", action },
        on: { click: () => ctx.confirm() }
      }, t2("ui.confirm.yes", { action: label })),
      h2("button", {
        class: "mus-action mus-confirm-no",
        type: "button",
        data: { key: "confirm-no" },
        on: { click: () => ctx.cancelConfirm() }
      }, t2("ui.confirm.no"))
    )
  );
}
function envido(amount) {
  return { kind: "envido", amount, text: `envido ${amount}` };
}
function sliderAction(turn, amount) {
  const range = sliderRange(turn);
  if (!range) return null;
  const value = Math.min(Math.max(Number(amount) || range.low, range.low), range.max);
  return turn.ordago && value > range.high ? ORDAGO : envido(value);
}
function face(t2, turn, label, action, glossed) {
  const gloss = glossed ? raiseGloss(t2, turn, action) : "";
  return [h2("span", { class: "mus-word" }, label), gloss ? h2("span", { class: "mus-gloss" }, gloss) : null];
}
function actionButton(ctx, action, extra = {}) {
  const { t: t2 } = ctx;
  const turn = ctx.state.turn || {};
  const label = extra.label || raiseLabel(t2, turn, action);
  return h2(
    "button",
    {
      class: ["mus-action", extra.primary && "mus-primary", `mus-action-${action.kind}`],
      type: "button",
      disabled: ctx.waiting || extra.disabled,
      data: { key: extra.key || `act-${action.text}`, action: action.text },
      aria: { label: extra.aria || label },
      on: { click: () => ctx.act(action.text) }
    },
    face(t2, turn, label, action, !extra.label)
  );
}
function raiseLabel(t2, turn, action) {
  return action.kind === "envido" && turn.stake ? t2("action.raise", { amount: action.amount }) : actionLabel(t2, action);
}
function raiseGloss(t2, turn, action) {
  return action.kind === "envido" && turn.stake ? t2("gloss.action.raise", { amount: action.amount }) : actionGloss(t2, action);
}
function raiseControls(ctx, turn) {
  const { t: t2, ui } = ctx;
  const range = sliderRange(turn);
  if (!range) {
    return { button: turn.ordago ? actionButton(ctx, ORDAGO) : null, slider: null };
  }
  const action = sliderAction(turn, ui.amount);
  const raise = h2(
    "button",
    {
      class: `mus-action mus-raise-button mus-action-${action.kind}`,
      type: "button",
      disabled: ctx.waiting,
      data: { key: "act-raise", action: action.text },
      aria: { label: raiseLabel(t2, turn, action) },
      on: { click: (event) => ctx.act(event.currentTarget.dataset.action) }
    },
    h2("span", { class: "mus-word" }, raiseLabel(t2, turn, action)),
    h2("span", { class: "mus-gloss" }, raiseGloss(t2, turn, action))
  );
  const stops = sliderStops(turn);
  const follow = (input) => {
    ui.amount = stops[Number(input.value)] ?? range.low;
    ctx.redraw();
  };
  const at = Math.max(stops.findIndex((amount) => amount >= (ui.amount ?? range.low)), 0);
  const slider = h2("input", {
    class: "mus-slider",
    type: "range",
    min: "0",
    max: String(stops.length - 1),
    step: "1",
    value: String(at),
    data: { key: "slider", stops: stops.join(",") },
    aria: { label: t2("ui.slider"), valuetext: raiseLabel(t2, turn, action) },
    on: {
      input: (event) => follow(event.target),
      // JupyterLab's notebook takes presses and drags that reach it: the slider keeps its own.
      pointerdown: (event) => event.stopPropagation(),
      mousedown: (event) => event.stopPropagation(),
      keydown: (event) => {
        if (/^(Arrow|Page|Home|End)/.test(event.key)) event.stopPropagation();
      }
    }
  });
  const ends = h2(
    "div",
    { class: "mus-slider-ends", aria: { hidden: "true" } },
    h2("span", {}, raiseLabel(t2, turn, envido(range.low))),
    h2(
      "span",
      { class: turn.ordago ? "mus-slider-ordago" : null },
      turn.ordago ? actionLabel(t2, ORDAGO) : raiseLabel(t2, turn, envido(range.high))
    )
  );
  return { button: raise, slider: h2("div", { class: "mus-slider-box" }, slider, ends) };
}
function buttons(ctx, turn) {
  const { state, t: t2, ui } = ctx;
  if (turn.kind === "mus") {
    return { row: turn.choices.map((a2) => actionButton(ctx, a2, { primary: a2.kind === "no-mus" })), slider: null };
  }
  if (turn.kind === "discard") {
    const chosen = [...ui.selected];
    const action = { kind: "discard", cards: chosen, text: `discard ${chosen.join(" ")}` };
    const label = t2("action.discard", { count: chosen.length });
    const button = actionButton(ctx, action, { key: "act-discard", label, primary: true, disabled: !chosen.length });
    return { row: [button], slider: null };
  }
  const out = [];
  const proposed = turn.proposed;
  if (proposed) {
    const name = state.players[turn.proposer].name;
    const said = raiseLabel(t2, turn, proposed);
    out.push(actionButton(ctx, proposed, {
      key: "act-agree",
      label: t2("ui.agree"),
      aria: t2("ui.agree.label", { name, action: said }),
      primary: true
    }));
  }
  for (const action of turn.choices) {
    if (!proposed || action.text !== proposed.text) out.push(actionButton(ctx, action));
  }
  const raise = raiseControls(ctx, proposed && proposed.kind === "ordago" ? { ...turn, ordago: false } : turn);
  if (raise.button) out.push(raise.button);
  return { row: out, slider: raise.slider };
}
function turnView(ctx) {
  const { state, t: t2 } = ctx;
  const turn = state.turn;
  if (!turn) return null;
  const { row, slider } = buttons(ctx, turn);
  const only = row.length === 1 && !slider;
  const proposal = turn.proposed ? h2("div", { class: "mus-proposal" }, t2(only ? "ui.bar.proposal.only" : "ui.bar.proposal", {
    name: state.players[turn.proposer].name,
    action: raiseLabel(t2, turn, turn.proposed)
  })) : null;
  return h2(
    "div",
    { class: "mus-turn", role: "group", aria: { label: t2("ui.your_turn") } },
    h2("div", { class: "mus-bar" }, barText(t2, state)),
    confirmView(ctx, turn),
    h2(
      "div",
      { class: "mus-turn-row" },
      h2(
        "span",
        { class: "mus-exclaim", role: "img", aria: { label: t2("ui.your_turn") } },
        svgImage(exclamationSvg(), "mus-marker")
      ),
      h2("div", { class: "mus-actions", role: "group", aria: { label: t2("ui.actions") } }, row)
    ),
    slider,
    proposal
  );
}

// js/views/newgame.js
var FLAGS = ["real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand"];
function newForm(setup, prefs) {
  return {
    seat: setup.seat,
    names: [...setup.names],
    bots: setup.bots.map((level) => level || "novice"),
    rules: { ...setup.rules },
    tips: prefs.tips,
    coach: Boolean(setup.coach),
    language: prefs.language,
    pace: prefs.pace,
    seed: ""
  };
}
function newGameMessage(form) {
  const seed = String(form.seed).trim();
  return {
    type: "new_game",
    seat: form.seat,
    names: form.names,
    bots: form.bots.map((level, seat) => seat === form.seat ? null : level),
    rules: form.rules,
    tips: form.tips,
    coach: form.coach,
    language: form.language,
    pace: form.pace,
    seed: seed === "" ? null : /^\d+$/.test(seed) ? Number(seed) : seed
  };
}
function field(label, control, wide) {
  return h2("label", { class: ["mus-field", wide && "mus-field-wide"] }, h2("span", {}, label), control);
}
function select(key, value, options2, onChange) {
  return h2(
    "select",
    { data: { key }, on: { change: (event) => onChange(event.target.value) } },
    options2.map(([v2, label]) => h2("option", { value: String(v2), selected: String(v2) === String(value) }, label))
  );
}
function newGameView(ctx) {
  const { t: t2, ui, setup } = ctx;
  const form = ui.form;
  const seatName = (s2) => t2(`seat.${s2}`);
  const players = [0, 1, 2, 3].map((s2) => h2(
    "div",
    { class: "mus-form-player" },
    field(t2("ui.name_at", { seat: seatName(s2) }), h2("input", {
      type: "text",
      value: form.names[s2],
      maxlength: "24",
      data: { key: `name-${s2}` },
      on: { input: (event) => {
        form.names[s2] = event.target.value;
      } }
    })),
    s2 === form.seat ? h2("span", { class: "mus-form-you" }, t2("ui.form.you")) : field(t2("ui.level_at", { seat: seatName(s2) }), select(
      `level-${s2}`,
      form.bots[s2],
      setup.levels.map((level) => [level, t2(`ui.level.${level}`)]),
      (v2) => {
        form.bots[s2] = v2;
      }
    ))
  ));
  const flags = FLAGS.map((flag) => h2(
    "label",
    { class: "mus-check" },
    h2("input", {
      type: "checkbox",
      checked: Boolean(form.rules[flag]),
      data: { key: `rule-${flag}` },
      on: { change: (event) => {
        form.rules[flag] = event.target.checked;
      } }
    }),
    t2(`ui.option.${flag}`)
  ));
  return h2(
    "div",
    { class: "mus-dialog-host" },
    h2(
      "div",
      { class: "mus-dialog", role: "dialog", aria: { label: t2("ui.new_game.title") } },
      h2("h3", {}, t2("ui.new_game.title")),
      h2(
        "fieldset",
        {},
        h2("legend", {}, t2("ui.players")),
        field(t2("ui.option.seat"), select("seat", form.seat, [0, 1, 2, 3].map((s2) => [s2, seatName(s2)]), (v2) => {
          form.seat = Number(v2);
          ctx.redraw();
        })),
        players
      ),
      h2(
        "fieldset",
        {},
        h2("legend", {}, t2("ui.rules")),
        field(t2("ui.option.target"), select(
          "target",
          form.rules.target,
          setup.targets.map((n2) => [n2, String(n2)]),
          (v2) => {
            form.rules.target = Number(v2);
          }
        )),
        field(t2("ui.option.kings"), select(
          "kings",
          form.rules.kings,
          [[8, t2("ui.option.kings.8")], [4, t2("ui.option.kings.4")]],
          (v2) => {
            form.rules.kings = Number(v2);
          }
        )),
        field(t2("ui.option.games"), select(
          "games",
          form.rules.games,
          [[1, t2("ui.option.games.1")], [3, t2("ui.option.games.3")]],
          (v2) => {
            form.rules.games = Number(v2);
          }
        )),
        flags
      ),
      h2(
        "fieldset",
        {},
        h2("legend", {}, t2("ui.table_options")),
        h2(
          "label",
          { class: "mus-check" },
          h2("input", {
            type: "checkbox",
            checked: form.tips,
            data: { key: "form-tips" },
            on: { change: (event) => {
              form.tips = event.target.checked;
            } }
          }),
          t2("ui.option.tips")
        ),
        h2(
          "label",
          { class: "mus-check" },
          h2("input", {
            type: "checkbox",
            checked: form.coach,
            data: { key: "form-coach" },
            on: { change: (event) => {
              form.coach = event.target.checked;
            } }
          }),
          t2("ui.option.coach")
        ),
        field(t2("ui.option.language"), select("language", form.language, setup.languages, (v2) => {
          form.language = v2;
          ctx.setLanguage(v2);
        })),
        field(t2("ui.option.pace"), select(
          "pace",
          form.pace,
          setup.paces.map(([name, seconds]) => [seconds, t2(`ui.pace.${name}`)]),
          (v2) => {
            form.pace = Number(v2);
          }
        )),
        field(t2("ui.option.seed"), h2("input", {
          type: "text",
          inputmode: "numeric",
          value: form.seed,
          data: { key: "seed" },
          on: { input: (event) => {
            form.seed = event.target.value;
          } }
        }), true)
      ),
      h2(
        "div",
        { class: "mus-dialog-buttons" },
        h2("button", {
          class: "mus-action",
          type: "button",
          data: { key: "cancel" },
          on: { click: () => ctx.closeNewGame() }
        }, t2("ui.cancel")),
        h2("button", {
          class: "mus-action mus-primary",
          type: "button",
          data: { key: "start" },
          on: { click: () => ctx.startGame() }
        }, t2("ui.start"))
      )
    )
  );
}

// js/views/steps.js
function stepFrom(steps, ui) {
  return ui.stepTo ?? steps.index;
}
function handList(ctx) {
  const { t: t2 } = ctx;
  const steps = ctx.state.steps;
  const hands = steps.hands;
  if (hands.length < 2) return null;
  const at = stepFrom(steps, ctx.ui);
  const current = hands.reduce((found, hand, i2) => hand.step <= at ? i2 : found, 0);
  return h2(
    "select",
    {
      class: "mus-steps-hands",
      data: { key: "step-hand" },
      aria: { label: t2("ui.steps.hands") },
      title: t2("ui.steps.hands"),
      on: { change: (event) => ctx.step(Number(event.target.value)) }
    },
    hands.map((hand, i2) => h2("option", { value: String(hand.step), selected: i2 === current }, hand.text))
  );
}
function branchesView(ctx) {
  const { t: t2 } = ctx;
  const steps = ctx.state.steps;
  if (steps.branch) {
    return h2(
      "div",
      { class: "mus-steps-branch", role: "group", aria: { label: steps.branch.text } },
      h2("button", {
        class: "mus-action mus-main-line",
        type: "button",
        data: { key: "main-line" },
        disabled: ctx.waiting,
        on: { click: () => ctx.stepBranch(null) }
      }, t2("ui.steps.main_line"))
    );
  }
  if (!steps.branches.length) return null;
  return h2(
    "div",
    { class: "mus-steps-branches", role: "group", aria: { label: t2("ui.steps.branches") } },
    steps.branches.map((branch) => h2("button", {
      class: "mus-action mus-what-if",
      type: "button",
      data: { key: `what-if-${branch.number}`, branch: branch.number },
      disabled: ctx.waiting,
      on: { click: () => ctx.stepBranch(branch.number) }
    }, branch.text))
  );
}
function stepsView(ctx) {
  const { state, t: t2 } = ctx;
  const steps = state.steps;
  if (!steps) return null;
  const at = stepFrom(steps, ctx.ui);
  return h2(
    "section",
    { class: "mus-steps", role: "region", aria: { label: t2("ui.steps.region") } },
    h2("h3", { class: "mus-steps-title" }, steps.title),
    h2(
      "div",
      { class: "mus-steps-bar" },
      h2("button", {
        class: "mus-step-button",
        type: "button",
        data: { key: "step-back" },
        disabled: at <= 0,
        aria: { label: t2("ui.steps.back") },
        title: t2("ui.steps.back"),
        on: { click: () => ctx.step(stepFrom(steps, ctx.ui) - 1) }
      }, "◀"),
      h2(
        "span",
        { class: "mus-steps-count", aria: { live: "polite" } },
        steps.branch ? t2("ui.steps.branch_step", { branch: steps.branch.text, index: steps.index, count: steps.count }) : t2("ui.steps.step", { index: steps.index, count: steps.count })
      ),
      h2("button", {
        class: "mus-step-button",
        type: "button",
        data: { key: "step-forward" },
        disabled: at >= steps.count,
        aria: { label: t2("ui.steps.forward") },
        title: t2("ui.steps.forward"),
        on: { click: () => ctx.step(stepFrom(steps, ctx.ui) + 1) }
      }, "▶")
    ),
    handList(ctx),
    branchesView(ctx),
    steps.toggle ? h2(
      "label",
      { class: "mus-check mus-face-up" },
      h2("input", {
        type: "checkbox",
        checked: ctx.ui.faceUp ?? steps.face_up,
        data: { key: "face-up" },
        on: { change: (event) => ctx.setFaceUp(event.target.checked) }
      }),
      t2("ui.steps.face_up")
    ) : null,
    h2("button", {
      class: "mus-action mus-play-on",
      type: "button",
      data: { key: "play-on" },
      disabled: steps.over || ctx.waiting,
      on: { click: () => ctx.playOn() }
    }, t2("ui.steps.play_on"))
  );
}
function noteView(ctx) {
  const { state, t: t2 } = ctx;
  const steps = state.steps;
  if (!steps || !steps.note) return null;
  return h2(
    "aside",
    { class: "mus-note", aria: { label: t2("ui.steps.note") }, data: { step: steps.index } },
    h2("p", {}, steps.note)
  );
}

// js/views/chat.js
function roomBar(ctx) {
  const { room, t: t2 } = ctx;
  if (!room || !room.table) return null;
  const watching = ctx.setup && ctx.setup.watching;
  const name = watching ? t2("ui.room.watching", { table: room.table }) : t2("ui.room.table", { table: room.table });
  const lost = room.link === "lost";
  const freed = room.link === "freed";
  const text = freed ? t2("ui.error.room.freed") : lost ? t2("ui.room.lost") : null;
  return h2(
    "div",
    { class: ["mus-room-bar", (lost || freed) && "mus-room-lost"], data: { link: room.link }, title: text || name },
    text ? h2("span", { class: "mus-room-link", role: freed ? "alert" : "status" }, text) : h2("strong", { class: "mus-room-table" }, name)
  );
}
function lineView(line2) {
  if (line2.kind === "event") return h2("li", { class: "mus-chat-event" }, line2.text);
  const cls = ["mus-chat-line", line2.mine && "mus-chat-mine", line2.kind === "teacher" && "mus-chat-teacher"];
  return h2(
    "li",
    { class: cls, data: { seat: line2.seat } },
    h2("strong", { class: "mus-chat-name" }, line2.name),
    ": ",
    h2("span", { class: "mus-chat-text" }, line2.text)
  );
}
function chatView(ctx) {
  const { room, t: t2, ui } = ctx;
  if (!room || !room.table) return null;
  const lines = room.chat || [];
  const max = room.max_chat || 0;
  let form = null;
  if (max > 0 && room.link !== "freed") {
    const counter = h2(
      "span",
      { class: "mus-chat-count", aria: { live: "off" } },
      t2("ui.room.chat.count", { n: ui.chatDraft.length, max })
    );
    const input = h2("input", {
      class: "mus-chat-input",
      type: "text",
      maxlength: String(max),
      value: ui.chatDraft,
      placeholder: t2("ui.room.chat.placeholder"),
      title: t2("ui.room.chat.limit", { max }),
      data: { key: "chat-input" },
      aria: { label: t2("ui.room.chat.placeholder"), description: t2("ui.room.chat.limit", { max }) },
      on: {
        input: (event) => {
          ui.chatDraft = event.target.value;
          ctx.redraw();
        },
        keydown: (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            ctx.say();
          }
          event.stopPropagation();
        }
      }
    });
    form = h2(
      "div",
      { class: "mus-chat-form" },
      input,
      h2("button", {
        class: "mus-action mus-chat-send",
        type: "button",
        data: { key: "chat-send" },
        on: { click: () => ctx.say() }
      }, t2("ui.room.chat.send")),
      counter
    );
  }
  return h2(
    "section",
    { class: "mus-chat", aria: { label: t2("ui.room.chat") } },
    h2("h3", { class: "mus-log-title" }, t2("ui.room.chat")),
    lines.length ? h2("ol", { class: "mus-chat-lines", tabindex: "0", data: { key: "chat" } }, lines.map(lineView)) : h2("p", { class: "mus-muted mus-chat-none" }, t2("ui.room.chat.none")),
    form
  );
}

// js/views/coach.js
function coachView(ctx) {
  const { state, t: t2 } = ctx;
  const coach = state.coach;
  if (!coach) return null;
  return h2(
    "aside",
    { class: "mus-coach", aria: { label: t2("ui.coach.title") }, data: { action: coach.action } },
    h2("h3", { class: "mus-coach-title" }, t2("ui.coach.title")),
    h2("p", { class: "mus-coach-action" }, t2("ui.coach.would", { action: coach.said })),
    h2("p", { class: "mus-coach-why" }, coach.why),
    coach.chance ? h2("p", { class: "mus-coach-chance" }, coach.chance) : null
  );
}

// js/cards.js
var SUITS = ["o", "c", "e", "b"];
var NUMBERS = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];
var INK = { o: "#a26a00", c: "#b3261e", e: "#1f5a99", b: "#2f7432" };
var GOLD = "#f0b93a";
var GOLD_DARK = "#96610a";
var SKIN2 = "#f4d3b0";
var SKIN_LINE = "#8c5a36";
function oro() {
  let rays = "";
  for (let i2 = 0; i2 < 12; i2 += 1) {
    const a2 = i2 * Math.PI / 6;
    const x2 = (7.9 * Math.cos(a2)).toFixed(2);
    const y2 = (7.9 * Math.sin(a2)).toFixed(2);
    rays += `<circle cx="${x2}" cy="${y2}" r="0.75" fill="${GOLD_DARK}"/>`;
  }
  return `<circle r="9.6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.3"/><circle r="6.6" fill="#f7d277" stroke="${GOLD_DARK}" stroke-width="0.8"/>` + rays + `<path d="M0,-4.2 L1.3,-1.3 L4.2,0 L1.3,1.3 L0,4.2 L-1.3,1.3 L-4.2,0 L-1.3,-1.3 Z" fill="#d2501f"/><circle r="1.3" fill="${GOLD}"/>`;
}
function copa() {
  return `<path d="M-8,-7.6 H8 C8,-0.5 4.6,2.2 1.7,3 V5.6 C3.6,6.1 5.4,7.3 6,9.6 H-6 C-5.4,7.3 -3.6,6.1 -1.7,5.6 V3 C-4.6,2.2 -8,-0.5 -8,-7.6 Z" fill="#cf3a2b" stroke="#6e1710" stroke-width="1"/><rect x="-8.9" y="-9.9" width="17.8" height="2.6" rx="1.1" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.7"/><path d="M-7.2,-3.4 H7.2" stroke="${GOLD}" stroke-width="1.4"/><circle cy="-3.4" r="1.3" fill="#2d7fc1" stroke="${GOLD_DARK}" stroke-width="0.5"/><rect x="-6.3" y="8.6" width="12.6" height="1.6" rx="0.6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>`;
}
function espada() {
  return `<path d="M0,-11 L2.1,-7.6 V3.6 H-2.1 V-7.6 Z" fill="#dbe4ee" stroke="#1f4f86" stroke-width="0.9"/><path d="M0,-8.4 V3" stroke="#7d9cc0" stroke-width="0.6"/><path d="M-7,3.4 C-3,5.6 3,5.6 7,3.4 L7.2,5.4 C3,7.6 -3,7.6 -7.2,5.4 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.7"/><rect x="-1.2" y="6.4" width="2.4" height="3.4" fill="#1f5a99"/><circle cy="10.6" r="1.5" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.6"/>`;
}
function basto() {
  return `<path d="M-1.9,10.4 C-2.8,4.2 -4.9,-1.8 -4.5,-7 C-4.1,-11.2 4.3,-11.2 4.8,-7 C5.2,-1.8 3,4.2 2,10.4 Z" fill="#9a6a38" stroke="#4b2c12" stroke-width="1"/><path d="M-2.6,-8.4 C-1.6,-9.6 1.4,-9.6 2.6,-8.4" stroke="#c79a62" stroke-width="0.9" fill="none"/><ellipse cx="-3.1" cy="-3.2" rx="1.5" ry="1.1" fill="#5b3716"/><ellipse cx="3.3" cy="-5.2" rx="1.3" ry="1" fill="#5b3716"/><ellipse cx="-2.1" cy="3.4" rx="1" ry="0.8" fill="#5b3716"/><ellipse cx="2.4" cy="1" rx="1" ry="0.8" fill="#5b3716"/><path d="M3.6,-9.2 C6.2,-11.6 8.2,-10.4 8.6,-8.6 C6.6,-8.2 5,-8.2 3.6,-9.2 Z" fill="#4e9a3c" stroke="#2b5f1f" stroke-width="0.5"/>`;
}
var SYMBOL = { o: oro, c: copa, e: espada, b: basto };
function pip(suit, x2, y2, scale = 1, rotate = 0) {
  const turn = rotate ? ` rotate(${rotate})` : "";
  return `<g transform="translate(${x2} ${y2}) scale(${scale})${turn}">${SYMBOL[suit]()}</g>`;
}
var LAYOUT = {
  1: [[32, 50]],
  2: [[32, 28], [32, 72]],
  3: [[32, 25], [32, 50], [32, 75]],
  4: [[21, 29], [43, 29], [21, 71], [43, 71]],
  5: [[21, 27], [43, 27], [32, 50], [21, 73], [43, 73]],
  6: [[21, 26], [43, 26], [21, 50], [43, 50], [21, 74], [43, 74]],
  7: [[20, 24], [44, 24], [32, 38], [20, 55], [44, 55], [20, 77], [44, 77]]
};
var PIP_SCALE = { 1: 1.9, 2: 1.05, 3: 0.95, 4: 0.92, 5: 0.88, 6: 0.82, 7: 0.74 };
function crown(y2) {
  return `<path d="M24.5,${y2} L25.6,${y2 - 6} L28.6,${y2 - 2.6} L32,${y2 - 7.4} L35.4,${y2 - 2.6} L38.4,${y2 - 6} L39.5,${y2} Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.8"/><circle cx="32" cy="${y2 - 7.6}" r="0.9" fill="#cf3a2b"/>`;
}
function face2(cx, cy, r2, beard) {
  const b2 = beard ? `<path d="M${cx - r2 * 0.85},${cy + r2 * 0.2} C${cx - r2 * 0.7},${cy + r2 * 1.9} ${cx + r2 * 0.7},${cy + r2 * 1.9} ${cx + r2 * 0.85},${cy + r2 * 0.2} C${cx + r2 * 0.4},${cy + r2 * 0.9} ${cx - r2 * 0.4},${cy + r2 * 0.9} ${cx - r2 * 0.85},${cy + r2 * 0.2} Z" fill="#6d4a2a"/>` : "";
  return `<circle cx="${cx}" cy="${cy}" r="${r2}" fill="${SKIN2}" stroke="${SKIN_LINE}" stroke-width="0.7"/><circle cx="${cx - r2 * 0.35}" cy="${cy - r2 * 0.1}" r="0.55" fill="#3a2614"/><circle cx="${cx + r2 * 0.35}" cy="${cy - r2 * 0.1}" r="0.55" fill="#3a2614"/>` + b2;
}
var ROBE = {
  o: ["#2d6fb5", GOLD],
  c: ["#cf3a2b", GOLD],
  e: ["#2f7a3a", "#e9d27a"],
  b: ["#7a3f9a", GOLD]
};
function rey(suit) {
  const [main, trim] = ROBE[suit];
  return `<path d="M19,86 C19,60 22,44 32,40 C42,44 45,60 45,86 Z" fill="${main}" stroke="#222" stroke-width="0.8"/><path d="M32,41 V86" stroke="${trim}" stroke-width="2.2"/><path d="M19.5,83 H44.5" stroke="${trim}" stroke-width="2.4"/><path d="M23,44 C27,48 37,48 41,44 L40,49 C36,52 28,52 24,49 Z" fill="#f3efe3" stroke="#555" stroke-width="0.5"/>` + face2(32, 33, 6.8, true) + crown(27) + pip(suit, 44, 58, 0.62);
}
function sota(suit) {
  const [main, trim] = ROBE[suit];
  return `<path d="M27,72 L26,88 H30.5 L31.5,72 Z M37,72 L38,88 H33.5 L32.5,72 Z" fill="#e9d27a" stroke="#555" stroke-width="0.6"/><path d="M21,74 C21,58 24,46 32,43 C40,46 43,58 43,74 Z" fill="${main}" stroke="#222" stroke-width="0.8"/><path d="M21.5,70 H42.5" stroke="${trim}" stroke-width="2"/><path d="M25,46 C29,49 35,49 39,46" stroke="#f3efe3" stroke-width="2" fill="none"/>` + face2(32, 35, 6.6, false) + `<path d="M24.6,32 C25,24 39,24 39.4,32 C36,30 28,30 24.6,32 Z" fill="${trim}" stroke="#444" stroke-width="0.6"/><path d="M38,27 C41,24 44,24 45,26" stroke="#cf3a2b" stroke-width="1.2" fill="none"/>` + pip(suit, 43.5, 58, 0.6);
}
function caballo(suit) {
  const [main, trim] = ROBE[suit];
  return (
    // the horse
    `<path d="M15,64 C15,55 22,52 33,53 C40,53.5 44,52 46,48 L47,40 C48,36 53,35 55,39 L56,46 C56,49 54,50 52,49 L50,51 C49,58 46,63 44,66 L45,82 H41.5 L40,68 C35,69 27,69 23,68 L22,82 H18.5 L18.5,69 C16,68 15,66 15,64 Z" fill="#f3ecdf" stroke="#3b2b1c" stroke-width="0.9"/><path d="M46,41 C44,44 44,47 45,49" stroke="#6d4a2a" stroke-width="1.6" fill="none"/><circle cx="51.5" cy="41.5" r="0.7" fill="#222"/><path d="M15.5,62 C12,64 11,70 12.5,74" stroke="#6d4a2a" stroke-width="1.8" fill="none"/><path d="M24,55 H40 V63 H24 Z" fill="${trim}" stroke="#555" stroke-width="0.5"/><path d="M25,57 C25,45 28,38 33,36 C38,38 40,45 40,57 Z" fill="${main}" stroke="#222" stroke-width="0.8"/><path d="M30,57 L29,68 H32.5 L33,57 Z" fill="${main}" stroke="#222" stroke-width="0.6"/>` + face2(33, 29.5, 5.6, false) + `<path d="M27,27 C27.5,21 38.5,21 39,27 Z" fill="${trim}" stroke="#444" stroke-width="0.6"/>` + pip(suit, 20, 44, 0.55)
  );
}
var FIGURE = { 10: sota, 11: caballo, 12: rey };
function frame2(suit) {
  const breaks = { o: 0, c: 1, e: 2, b: 3 }[suit];
  let gaps = "";
  for (let i2 = 0; i2 < breaks; i2 += 1) {
    const x2 = 32 + (i2 - (breaks - 1) / 2) * 7 - 2;
    gaps += `<rect x="${x2}" y="3" width="4" height="3" fill="#fffdf5"/>`;
    gaps += `<rect x="${x2}" y="94" width="4" height="3" fill="#fffdf5"/>`;
  }
  return `<rect x="4.5" y="4.5" width="55" height="91" rx="2.5" fill="none" stroke="${INK[suit]}" stroke-width="1.1"/>${gaps}`;
}
function corner(number, suit) {
  const ink = INK[suit];
  const text = String(number);
  const size = text.length > 1 ? 15 : 17;
  return `<g font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="${size}" fill="${ink}" text-anchor="middle"><text x="12" y="20">${text}</text><text x="12" y="20" transform="rotate(180 32 50)">${text}</text></g>`;
}
var CACHE = /* @__PURE__ */ new Map();
function cardSvg(card) {
  const cached = CACHE.get(card);
  if (cached) return cached;
  const number = Number(card.slice(0, -1));
  const suit = card.slice(-1);
  if (!SYMBOL[suit] || !NUMBERS.includes(number)) return backSvg();
  let art;
  if (FIGURE[number]) {
    art = `<rect x="9" y="21.5" width="46" height="59" rx="2" fill="#fbf3dc" stroke="${INK[suit]}" stroke-width="0.5"/>`;
    art += `<g transform="translate(32 22) scale(0.84) translate(-32 -22)">${FIGURE[number](suit)}</g>`;
  } else {
    art = LAYOUT[number].map(([x2, y2], i2) => {
      const tilt = suit === "e" || suit === "b" ? number === 1 ? -12 : i2 % 2 ? 9 : -9 : 0;
      return pip(suit, x2, y2, PIP_SCALE[number], tilt);
    }).join("");
  }
  const markup = `<svg class="mus-card-art" viewBox="0 0 64 100" xmlns="http://www.w3.org/2000/svg" focusable="false"><rect x="0.7" y="0.7" width="62.6" height="98.6" rx="5.5" fill="#fffdf5" stroke="#8f8570" stroke-width="1.4"/>` + frame2(suit) + corner(number, suit) + art + `</svg>`;
  CACHE.set(card, markup);
  return markup;
}
function lattice() {
  const [x0, x1, y0, y1] = [8, 56, 8, 92];
  let d2 = "";
  for (let c2 = x0 + y0 - 84; c2 <= x1 + y1; c2 += 7) {
    const a2 = [Math.max(x0, c2 - y1), 0];
    a2[1] = c2 - a2[0];
    const b2 = [Math.min(x1, c2 - y0), 0];
    b2[1] = c2 - b2[0];
    if (a2[0] < b2[0]) d2 += `M${a2[0]},${a2[1]}L${b2[0]},${b2[1]}`;
    const k2 = c2 - 100;
    const p2 = [Math.max(x0, y0 + k2), 0];
    p2[1] = p2[0] - k2;
    const q2 = [Math.min(x1, y1 + k2), 0];
    q2[1] = q2[0] - k2;
    if (p2[0] < q2[0]) d2 += `M${p2[0]},${p2[1]}L${q2[0]},${q2[1]}`;
  }
  return `<path d="${d2}" stroke="#b6404f" stroke-width="1" fill="none"/>`;
}
var BACK = "";
function backSvg() {
  if (BACK) return BACK;
  BACK = `<svg class="mus-card-art" viewBox="0 0 64 100" xmlns="http://www.w3.org/2000/svg" focusable="false"><rect x="0.7" y="0.7" width="62.6" height="98.6" rx="5.5" fill="#fffdf5" stroke="#8f8570" stroke-width="1.4"/><rect x="5" y="5" width="54" height="90" rx="3" fill="#8e1f2f"/>` + lattice() + `<rect x="8" y="8" width="48" height="84" rx="2" fill="none" stroke="${GOLD}" stroke-width="1.2"/><ellipse cx="32" cy="50" rx="13" ry="17" fill="#8e1f2f" stroke="${GOLD}" stroke-width="1.6"/><ellipse cx="32" cy="50" rx="9" ry="12.5" fill="none" stroke="${GOLD}" stroke-width="0.8"/>` + pip("o", 32, 50, 0.62) + `</svg>`;
  return BACK;
}

// js/views/editor.js
var FLAGS2 = ["real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand"];
function dealing(ctx) {
  const editor = ctx.editor;
  return Boolean(editor.stage) && (editor.stage === "deal" || editor.dealt < 16);
}
function editorHead(ctx) {
  const { t: t2 } = ctx;
  const editor = ctx.editor;
  const tab = (stage, label, disabled) => h2("button", {
    class: ["mus-editor-tab", editor.stage === stage && "mus-editor-tab-on"],
    type: "button",
    role: "tab",
    aria: { selected: editor.stage === stage ? "true" : "false" },
    data: { key: `editor-${stage}` },
    disabled,
    on: { click: () => ctx.edit("stage", { stage }) }
  }, label);
  return h2(
    "div",
    { class: "mus-editor-head" },
    h2("h3", { class: "mus-editor-heading" }, t2("ui.editor.heading")),
    h2(
      "div",
      { class: "mus-editor-tabs", role: "tablist" },
      tab("deal", t2("ui.editor.deal"), false),
      tab("play", t2("ui.editor.play"), editor.dealt < 16)
    ),
    editor.back ? h2("button", {
      class: "mus-action",
      type: "button",
      data: { key: "editor-back" },
      on: { click: () => ctx.closeLesson() }
    }, t2("ui.replay.back_to_game")) : null
  );
}
function field2(label, control) {
  return h2("label", { class: "mus-field" }, h2("span", {}, label), control);
}
function options(ctx) {
  const { t: t2 } = ctx;
  const editor = ctx.editor;
  const rules = editor.rules;
  const targets = [.../* @__PURE__ */ new Set([30, 35, 40, rules.target])].sort((a2, b2) => a2 - b2);
  const select2 = (key, value, choices, onChange) => h2(
    "select",
    {
      data: { key },
      on: { change: (event) => onChange(event.target.value) }
    },
    choices.map(([v2, label]) => h2("option", { value: String(v2), selected: String(v2) === String(value) }, label))
  );
  const score = (team) => h2("input", {
    type: "number",
    min: "0",
    max: String(rules.target - 1),
    value: String(editor.scores[team]),
    data: { key: `editor-score-${team}` },
    on: { change: (event) => {
      const scores = [...editor.scores];
      scores[team] = Number(event.target.value);
      ctx.edit("options", { scores });
    } }
  });
  return h2(
    "div",
    { class: "mus-editor-options" },
    h2(
      "label",
      { class: "mus-field mus-field-wide" },
      h2("span", {}, t2("ui.editor.title")),
      h2("input", {
        type: "text",
        value: editor.title,
        maxlength: "120",
        data: { key: "editor-title" },
        on: { change: (event) => ctx.edit("title", { title: event.target.value }) }
      })
    ),
    field2(t2("ui.editor.mano"), select2(
      "editor-mano",
      editor.mano,
      [0, 1, 2, 3].map((s2) => [s2, editor.names[s2]]),
      (v2) => ctx.edit("options", { mano: Number(v2) })
    )),
    field2(t2("ui.editor.score_of", { team: `${editor.names[0]}–${editor.names[2]}` }), score(0)),
    field2(t2("ui.editor.score_of", { team: `${editor.names[1]}–${editor.names[3]}` }), score(1)),
    // The rules fold away: a lesson mostly keeps the usual ones.
    h2(
      "div",
      { class: "mus-editor-rules" },
      h2(
        "button",
        {
          class: "mus-editor-fold",
          type: "button",
          data: { key: "editor-rules" },
          aria: { expanded: ctx.ui.rulesOpen ? "true" : "false" },
          on: { click: () => ctx.toggleRules() }
        },
        `${ctx.ui.rulesOpen ? "▾" : "▸"} ${t2("ui.rules")}`
      ),
      ctx.ui.rulesOpen && h2(
        "div",
        { class: "mus-editor-rule-fields" },
        field2(t2("ui.option.target"), select2(
          "editor-target",
          rules.target,
          targets.map((n2) => [n2, String(n2)]),
          (v2) => ctx.edit("options", { rules: { target: Number(v2) } })
        )),
        field2(t2("ui.option.kings"), select2(
          "editor-kings",
          rules.kings,
          [[8, t2("ui.option.kings.8")], [4, t2("ui.option.kings.4")]],
          (v2) => ctx.edit("options", { rules: { kings: Number(v2) } })
        )),
        FLAGS2.map((flag) => h2(
          "label",
          { class: "mus-check" },
          h2("input", {
            type: "checkbox",
            checked: Boolean(rules[flag]),
            data: { key: `editor-rule-${flag}` },
            on: { change: (event) => ctx.edit("options", { rules: { [flag]: event.target.checked } }) }
          }),
          t2(`ui.option.${flag}`)
        ))
      )
    )
  );
}
function seats(ctx) {
  const { t: t2, ui } = ctx;
  const editor = ctx.editor;
  return h2("div", { class: "mus-editor-seats" }, [0, 1, 2, 3].map((seat) => h2(
    "div",
    {
      class: "mus-editor-seat",
      role: "group",
      aria: { label: editor.names[seat] },
      data: { seat }
    },
    h2("span", { class: "mus-editor-seat-name" }, editor.names[seat]),
    h2("div", { class: "mus-editor-slots" }, editor.deal[seat].map((card, slot) => {
      const picked = ui.editorSlot && ui.editorSlot.seat === seat && ui.editorSlot.slot === slot;
      const label = card ? `${t2("ui.editor.slot", { name: editor.names[seat], n: slot + 1 })}: ${cardName(t2, card)}` : t2("ui.editor.slot_empty", { name: editor.names[seat], n: slot + 1 });
      return h2(
        "button",
        {
          class: ["mus-editor-slot", picked && "mus-editor-picked", !card && "mus-editor-empty"],
          type: "button",
          aria: { label, pressed: picked ? "true" : "false" },
          title: label,
          data: { key: `slot-${seat}-${slot}`, card: card || "" },
          on: { click: () => ctx.pickSlot(seat, slot) }
        },
        card ? svgImage(cardSvg(card), "mus-card") : String(slot + 1)
      );
    }))
  )));
}
function deck(ctx) {
  const { t: t2 } = ctx;
  const editor = ctx.editor;
  const holder = /* @__PURE__ */ new Map();
  editor.deal.forEach((slots, seat) => slots.forEach((card) => {
    if (card) holder.set(card, seat);
  }));
  return h2(
    "div",
    { class: "mus-editor-deck", role: "group", aria: { label: t2("ui.editor.deck") } },
    SUITS.map((suit) => h2("div", { class: "mus-editor-suit" }, NUMBERS.map((number) => {
      const card = `${number}${suit}`;
      const seat = holder.get(card);
      const dealt = seat !== void 0;
      const label = dealt ? `${cardName(t2, card)} · ${editor.names[seat]}` : cardName(t2, card);
      return h2(
        "button",
        {
          class: ["mus-editor-card", dealt && "mus-editor-dealt"],
          type: "button",
          aria: { label },
          title: label,
          data: { key: `deck-${card}`, card },
          on: { click: () => ctx.dealCard(card) }
        },
        svgImage(cardSvg(card), "mus-card"),
        dealt ? h2("span", { class: "mus-editor-holder", aria: { hidden: "true" } }, editor.names[seat].slice(0, 1)) : null
      );
    })))
  );
}
function dealPanel(ctx) {
  const { t: t2, ui } = ctx;
  const editor = ctx.editor;
  const slot = ui.editorSlot;
  const held = slot ? editor.deal[slot.seat][slot.slot] : null;
  return h2(
    "div",
    { class: "mus-dialog-host" },
    h2(
      "section",
      { class: "mus-dialog mus-editor mus-editor-dealing", role: "region", aria: { label: t2("ui.editor.region") } },
      editorHead(ctx),
      options(ctx),
      h2(
        "div",
        { class: "mus-editor-table" },
        h2(
          "div",
          { class: "mus-editor-seating" },
          h2(
            "p",
            { class: "mus-editor-hint", aria: { live: "polite" } },
            slot ? t2("ui.editor.picked", { name: editor.names[slot.seat], n: slot.slot + 1 }) : t2("ui.editor.pick_slot")
          ),
          seats(ctx),
          h2(
            "div",
            { class: "mus-editor-deal-bar" },
            h2("span", { class: "mus-editor-dealt-count" }, t2("ui.editor.dealt_count", { n: editor.dealt })),
            held ? h2("button", {
              class: "mus-action",
              type: "button",
              data: { key: "editor-clear" },
              on: { click: () => ctx.edit("clear", { seat: slot.seat, slot: slot.slot }) }
            }, t2("ui.editor.clear")) : null,
            h2("button", {
              class: "mus-action",
              type: "button",
              data: { key: "editor-random" },
              disabled: editor.dealt >= 16,
              on: { click: () => ctx.edit("random", {}) }
            }, t2("ui.editor.random")),
            h2("button", {
              class: "mus-action mus-primary",
              type: "button",
              data: { key: "editor-to-play" },
              disabled: editor.dealt < 16,
              on: { click: () => ctx.edit("stage", { stage: "play" }) }
            }, t2("ui.editor.to_play"))
          )
        ),
        deck(ctx)
      ),
      textBox(ctx)
    )
  );
}
function stepText(ctx, step) {
  const { t: t2 } = ctx;
  if (!step.action) return t2("ui.editor.the_deal");
  return `${ctx.editor.names[step.seat]}: ${step.agrees ? t2("ui.agree") : actionLabel(t2, step.action)}`;
}
function stepButton(ctx, step, branch) {
  const editor = ctx.editor;
  const here = onMainLine(editor) ? branch === null : editor.line === branch;
  const on = here && editor.step === step.step && !editor.what_if;
  return h2(
    "button",
    {
      class: ["mus-editor-step", on && "mus-editor-step-on"],
      type: "button",
      aria: { current: on ? "step" : null },
      data: { key: `step-${branch === null ? "m" : branch}-${step.step}`, step: step.step },
      on: { click: () => ctx.edit("select", { branch, step: step.step }) }
    },
    h2("span", { class: "mus-editor-step-n" }, step.number ?? String(step.step)),
    h2(
      "span",
      { class: "mus-editor-step-text" },
      stepText(ctx, step),
      step.note ? h2("span", { class: "mus-editor-step-note" }, step.note) : null
    )
  );
}
function branchName(ctx, branch) {
  if (!branch) return "";
  const first = branch.steps[0];
  return ctx.t("ui.steps.what_if", { name: ctx.editor.names[first.seat], action: actionLabel(ctx.t, first.action) });
}
function stepList(ctx) {
  const { t: t2 } = ctx;
  const editor = ctx.editor;
  return h2(
    "ol",
    { class: "mus-editor-steps", aria: { label: t2("ui.editor.steps") } },
    editor.steps.map((step) => h2(
      "li",
      { data: { step: step.step } },
      stepButton(ctx, step, null),
      step.branches.length ? h2("ul", { class: "mus-editor-branches" }, step.branches.map((branch) => h2(
        "li",
        {
          class: "mus-editor-branch",
          data: { branch: branch.index }
        },
        h2(
          "div",
          { class: "mus-editor-branch-head" },
          h2("span", {}, t2("ui.editor.branch", { action: actionLabel(t2, branch.steps[0].action) })),
          h2("button", {
            class: "mus-close",
            type: "button",
            data: { key: `drop-branch-${branch.index}` },
            aria: { label: t2("ui.editor.drop_branch") },
            title: t2("ui.editor.drop_branch"),
            on: { click: () => ctx.edit("drop_branch", { branch: branch.index }) }
          }, "×")
        ),
        h2("ol", {}, branch.steps.map((s2) => h2("li", {}, stepButton(ctx, s2, branch.index))))
      ))) : null
    ))
  );
}
function onMainLine(editor) {
  return editor.line === null || editor.line === void 0;
}
function noteBox(ctx) {
  const { t: t2 } = ctx;
  const editor = ctx.editor;
  if (editor.what_if) return null;
  let label;
  if (onMainLine(editor)) label = editor.step === 0 ? t2("ui.editor.note_deal") : t2("ui.editor.note", { step: editor.step });
  else {
    const branch = editor.steps.flatMap((s2) => s2.branches).find((b2) => b2.index === editor.line);
    const step = branch && branch.steps.find((s2) => s2.step === editor.step);
    label = t2("ui.editor.note_branch", { step: step ? step.number : String(editor.step), branch: branchName(ctx, branch) });
  }
  const where = { branch: editor.line, step: editor.step };
  return h2(
    "label",
    { class: "mus-field mus-editor-note" },
    h2("span", {}, label),
    h2("textarea", {
      rows: "3",
      maxlength: "1000",
      placeholder: t2("ui.editor.note_hint"),
      value: editor.note,
      data: { key: `note-${onMainLine(editor) ? "m" : editor.line}-${editor.step}` },
      on: { change: (event) => ctx.edit("note", { ...where, text: event.target.value }) }
    })
  );
}
function textBox(ctx) {
  const { t: t2, ui } = ctx;
  const editor = ctx.editor;
  const copied = ui.copied === "ok" ? t2("ui.editor.copied") : ui.copied === "select" ? t2("ui.editor.copy_select") : "";
  return h2(
    "div",
    { class: "mus-editor-text" },
    h2(
      "label",
      { class: "mus-field mus-field-wide" },
      h2("span", {}, t2("ui.editor.text")),
      h2("textarea", {
        class: "mus-editor-source",
        readonly: true,
        rows: "8",
        spellcheck: "false",
        value: editor.text || t2("ui.editor.no_text"),
        data: { key: "editor-text" }
      })
    ),
    h2(
      "div",
      { class: "mus-editor-copy" },
      h2("button", {
        class: "mus-action",
        type: "button",
        data: { key: "editor-copy" },
        disabled: !editor.text,
        on: { click: () => ctx.copyText() }
      }, t2("ui.editor.copy")),
      h2("span", { class: "mus-editor-status", role: "status" }, copied)
    ),
    h2(
      "div",
      { class: "mus-editor-save" },
      h2(
        "label",
        { class: "mus-field" },
        h2("span", {}, t2("ui.editor.file")),
        h2("input", {
          type: "text",
          value: ui.editorFile ?? editor.file,
          maxlength: "80",
          data: { key: "editor-file" },
          on: { input: (event) => {
            ui.editorFile = event.target.value;
          } }
        })
      ),
      h2(
        "label",
        { class: "mus-check" },
        h2("input", {
          type: "checkbox",
          checked: ui.overwrite,
          data: { key: "editor-overwrite" },
          on: { change: (event) => {
            ui.overwrite = event.target.checked;
          } }
        }),
        t2("ui.editor.overwrite")
      ),
      h2(
        "button",
        {
          class: "mus-action",
          type: "button",
          data: { key: "editor-save" },
          disabled: !editor.text,
          on: { click: () => ctx.edit("save", { file: ui.editorFile ?? editor.file, overwrite: ui.overwrite }) }
        },
        t2("ui.editor.save")
      ),
      saveStatus(ctx)
    )
  );
}
function saveStatus(ctx) {
  const { t: t2 } = ctx;
  const refused = saveRefusal(ctx);
  if (refused) {
    return h2(
      "span",
      { class: "mus-editor-status mus-editor-refused", role: "alert", data: { error: refused.id } },
      refused.text
    );
  }
  return ctx.editor.saved ? h2("span", { class: "mus-editor-status", role: "status" }, t2("ui.editor.saved", { file: ctx.editor.saved })) : null;
}
function saveRefusal(ctx) {
  const { error, ui } = ctx;
  const saving = error && error.seq && ui.dismissedError !== error.seq && ["ui.error.editor.exists", "ui.error.editor.file"].includes(error.id);
  return saving ? error : null;
}
function editorSide(ctx) {
  const { t: t2 } = ctx;
  const editor = ctx.editor;
  return h2(
    "section",
    { class: "mus-editor mus-editor-side", role: "region", aria: { label: t2("ui.editor.region") } },
    editorHead(ctx),
    h2("p", { class: "mus-editor-lesson-title" }, editor.title),
    editor.skipped ? h2("p", { class: "mus-editor-hint" }, t2("ui.editor.skipped")) : null,
    stepList(ctx),
    h2(
      "div",
      { class: "mus-editor-notes" },
      noteBox(ctx),
      h2(
        "div",
        { class: "mus-editor-line-buttons" },
        h2(
          "button",
          {
            class: "mus-action",
            type: "button",
            data: { key: "editor-undo" },
            disabled: onMainLine(editor) && editor.steps.length < 2,
            on: { click: () => ctx.edit("undo", {}) }
          },
          t2("ui.editor.undo")
        ),
        onMainLine(editor) ? h2("button", {
          class: "mus-action",
          type: "button",
          data: { key: "editor-what-if" },
          disabled: editor.step < 1,
          aria: { pressed: editor.what_if ? "true" : "false" },
          on: { click: () => ctx.edit("what_if", { on: !editor.what_if }) }
        }, t2("ui.editor.what_if")) : h2(
          "button",
          {
            class: "mus-action",
            type: "button",
            data: { key: "editor-main-line" },
            on: { click: () => ctx.edit("select", { branch: null, step: editor.steps.length - 1 }) }
          },
          t2("ui.editor.main_line")
        )
      )
    ),
    textBox(ctx)
  );
}
function editorTurn(ctx) {
  const { t: t2, ui } = ctx;
  const editor = ctx.editor;
  const turn = editor.turn;
  if (editor.over) return h2("p", { class: "mus-editor-over" }, t2("ui.editor.over"));
  if (!turn) {
    const last = onMainLine(editor) ? editor.steps.length - 1 : editor.steps.flatMap((s2) => s2.branches).find((b2) => b2.index === editor.line).steps.length;
    return h2(
      "div",
      { class: "mus-editor-turn" },
      h2("p", {}, t2("ui.editor.not_last", { step: editor.step })),
      h2("button", {
        class: "mus-action",
        type: "button",
        data: { key: "editor-go-last" },
        on: { click: () => ctx.edit("select", { branch: editor.line, step: last }) }
      }, t2("ui.editor.go_last"))
    );
  }
  const name = editor.names[editor.mover];
  const button = (action, key = `do-${action.text}`, label = actionLabel(t2, action)) => h2("button", {
    class: "mus-action",
    type: "button",
    data: { key, action: action.text },
    disabled: action.text === editor.excluded,
    on: { click: () => ctx.edit("act", { action: action.text }) }
  }, label);
  let choices;
  if (turn.kind === "discard") {
    const picked = editor.hand.filter((card) => ui.editorDiscard.has(card));
    choices = [
      h2("p", { class: "mus-editor-hint" }, t2("ui.editor.discard_pick", { name })),
      h2("div", { class: "mus-editor-discard" }, editor.hand.map((card) => h2(
        "button",
        {
          class: ["mus-editor-slot", ui.editorDiscard.has(card) && "mus-editor-picked"],
          type: "button",
          aria: { label: cardName(t2, card), pressed: ui.editorDiscard.has(card) ? "true" : "false" },
          data: { key: `discard-${card}`, card },
          on: { click: () => ctx.toggleDiscard(card) }
        },
        svgImage(cardSvg(card), "mus-card")
      ))),
      h2(
        "button",
        {
          class: "mus-action mus-primary",
          type: "button",
          data: { key: "do-discard" },
          disabled: !picked.length,
          on: { click: () => ctx.edit("act", { action: `discard ${picked.join(" ")}` }) }
        },
        t2("action.discard", { count: picked.length })
      )
    ];
  } else {
    const proposed = turn.proposed;
    choices = [
      proposed ? button(proposed, "do-agree", t2("ui.agree")) : null,
      turn.choices.filter((action) => !proposed || action.text !== proposed.text).map((action) => button(action)),
      turn.raise ? amountBox(ctx, turn) : null,
      turn.kind === "bet" && turn.ordago && !(proposed && proposed.kind === "ordago") ? button({ kind: "ordago", text: "ordago" }) : null
    ];
  }
  const excluded = editor.what_if && editor.excluded ? t2("ui.editor.what_if_help", { name, action: actionLabel(t2, parsed(editor.excluded)) }) : t2("ui.editor.to_move", { name });
  return h2(
    "div",
    { class: ["mus-editor-turn", editor.what_if && "mus-editor-what-if"] },
    h2("p", { class: "mus-editor-mover" }, excluded),
    h2("div", { class: "mus-actions mus-editor-choices" }, choices),
    editor.what_if ? h2("button", {
      class: "mus-action",
      type: "button",
      data: { key: "editor-what-if-cancel" },
      on: { click: () => ctx.edit("what_if", { on: false }) }
    }, t2("ui.cancel")) : null
  );
}
function amountBox(ctx, turn) {
  const { t: t2, ui } = ctx;
  const typed = ui.editorAmount ?? String(turn.raise[0]);
  const amount = typed.trim();
  const play = () => ctx.edit("act", { action: `envido ${ui.editorAmount ?? turn.raise[0]}`.trim() });
  const action = { kind: "envido", amount: Number(amount), text: `envido ${amount}` };
  return h2(
    "span",
    { class: "mus-editor-envido" },
    h2("input", {
      type: "number",
      min: String(turn.raise[0]),
      max: String(turn.raise[1]),
      value: typed,
      aria: { label: t2("action.envido", { amount: "" }).trim() },
      data: { key: "editor-amount" },
      on: {
        input: (event) => {
          ui.editorAmount = event.target.value;
          ctx.redraw();
        },
        keydown: (event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          event.stopPropagation();
          play();
        }
      }
    }),
    h2("button", {
      class: "mus-action",
      type: "button",
      data: { key: "do-envido", action: action.text },
      on: { click: play }
    }, actionLabel(t2, action))
  );
}
function parsed(text) {
  const [kind, ...rest] = text.split(" ");
  if (kind === "envido") return { kind, text, amount: Number(rest[0]) };
  if (kind === "discard") return { kind, text, cards: rest };
  return { kind, text };
}
function lessonButton(ctx, hand, game) {
  if (ctx.setup.served) return null;
  const { t: t2 } = ctx;
  return h2(
    "button",
    {
      class: "mus-action mus-lesson",
      type: "button",
      data: { key: "make-lesson" },
      disabled: ctx.waiting,
      title: t2("ui.lesson.make"),
      on: { click: () => ctx.makeLesson(hand, game) }
    },
    t2("ui.lesson.make")
  );
}

// js/views/count.js
function marked(row, seat) {
  return row ? row.marks[seat] : [];
}
function countHand(ctx, seat) {
  const { state, t: t2, ui } = ctx;
  const player = state.players[seat];
  const rows = state.count.rows;
  const lit = ui.countRow !== null && ui.countRow !== void 0 ? rows[ui.countRow] : null;
  const team = seat % 2;
  const name = h2(
    "div",
    { class: "mus-count-name" },
    h2("span", { class: "mus-name" }, player.name),
    state.mano === seat ? h2("span", { class: "mus-count-mano" }, t2("ui.count.mano")) : null
  );
  let hand;
  if (!player.cards) {
    hand = h2(
      "div",
      {
        class: "mus-count-cards mus-hand-down",
        role: "img",
        aria: { label: t2("ui.cards.hidden", { name: player.name }) }
      },
      [0, 1, 2, 3].map(() => svgImage(backSvg(), "mus-card"))
    );
  } else {
    const names = player.cards.map((card) => cardName(t2, card));
    hand = h2(
      "ul",
      { class: "mus-count-cards", aria: { label: t2("ui.cards.shown", { name: player.name, cards: names.join(", ") }) } },
      player.cards.map((card, i2) => {
        const decides = rows.filter((row) => marked(row, seat).includes(card));
        const on = lit && marked(lit, seat).includes(card);
        return h2(
          "li",
          { class: ["mus-card-slot", lit && (on ? "mus-lit" : "mus-unlit")], data: { card } },
          h2("span", { class: "mus-card-image", role: "img", aria: { label: names[i2] } }, svgImage(cardSvg(card), "mus-card")),
          decides.length ? h2(
            "span",
            { class: "mus-card-marks", aria: { hidden: "true" } },
            decides.map((row) => h2("span", { class: "mus-card-mark" }, lanceLabel(t2, row.lance).slice(0, 1)))
          ) : null
        );
      })
    );
  }
  return h2("section", {
    class: ["mus-count-hand", `mus-team-${team}`, seat === state.seat && "mus-count-mine"],
    aria: { label: player.name },
    data: { seat }
  }, name, hand);
}
function countHands(ctx) {
  const { state } = ctx;
  const me = state.seat;
  const teams = [[me, state.partner], [(me + 1) % 4, (me + 3) % 4]];
  return h2(
    "div",
    { class: "mus-count-hands" },
    teams.map((seats2) => h2("div", { class: "mus-count-team" }, seats2.map((seat) => countHand(ctx, seat))))
  );
}
function countView(ctx) {
  const { state, t: t2 } = ctx;
  const count = state.count;
  if (!count) return null;
  const over = state.stage === "over";
  const rows = [];
  for (const [i2, row] of count.rows.entries()) {
    const ordago = row.outcome === "ordago";
    const lines = [];
    lines.push(h2(
      "tr",
      {
        class: [
          "mus-count-row",
          !row.counted && "mus-not-counted",
          row.team !== null && row.team !== void 0 && `mus-team-${row.team}`
        ],
        data: { lance: row.lance }
      },
      h2("th", { scope: "row" }, t2(`lance.${row.lance}`), h2("span", { class: "mus-gloss" }, t2(`gloss.lance.${row.lance}`))),
      h2(
        "td",
        { class: "mus-num" },
        ordago ? t2("action.ordago") : String(row.stake),
        row.bonus ? h2("span", { class: "mus-stake-bonus" }, ` +${row.bonus}`) : null
      ),
      h2("td", { class: "mus-num mus-col-bonus" }, row.bonus ? String(row.bonus) : "–"),
      h2("td", {}, row.winner || t2("ui.count.nobody")),
      h2("td", { class: "mus-num" }, ordago ? "–" : row.counted ? `+${row.points}` : t2("ui.count.not_counted"))
    ));
    lines.push(h2(
      "tr",
      { class: "mus-count-why", data: { row: i2 } },
      h2("td", { colspan: "5" }, row.explain || row.why)
    ));
    const point = () => ctx.markRow(i2);
    const leave = () => ctx.markRow(null, i2);
    const byMouse = (then) => (event) => {
      if (event.pointerType === "mouse") then();
    };
    rows.push(h2(
      "tbody",
      {
        class: ["mus-count-lance", ctx.ui.countRow === i2 && "mus-lit"],
        tabindex: "0",
        data: { key: `count-row-${i2}` },
        on: { pointerenter: byMouse(point), pointerleave: byMouse(leave), focus: point, blur: leave, click: point }
      },
      lines
    ));
  }
  const table = count.rows.length ? h2(
    "table",
    { class: "mus-count-table" },
    h2("caption", {}, t2("ui.count.title")),
    h2("thead", {}, h2(
      "tr",
      {},
      ["ui.count.lance", "ui.count.stake", "ui.count.bonus", "ui.count.winner", "ui.count.points"].map((id) => h2("th", { scope: "col", class: [id === "ui.count.bonus" && "mus-col-bonus"] }, t2(id)))
    )),
    rows
  ) : h2("p", { class: "mus-count-empty" }, t2("ui.count.no_rows"));
  const notes = (count.notes || []).map((text) => h2("p", { class: "mus-count-note" }, text));
  const footer = [
    notes,
    count.over && !(over && state.games === 1) ? h2("p", { class: "mus-count-over" }, count.over) : null
  ];
  return h2("div", { class: "mus-count", role: "region", aria: { label: t2("ui.count.title") } }, table, footer);
}
function countFooter(ctx) {
  const { state, t: t2 } = ctx;
  const count = state.count;
  const over = state.stage === "over";
  const scores = count ? count.scores : state.scores;
  const text = t2("ui.count.score", { team_a: state.teams[0], team_b: state.teams[1], a: scores[0], b: scores[1] });
  return h2(
    "div",
    { class: "mus-count-foot" },
    over && state.winner ? h2("p", { class: "mus-winner" }, state.winner.text) : h2("p", { class: "mus-count-score" }, text),
    over && state.winner && count ? h2("p", { class: "mus-count-score" }, text) : null,
    state.steps || ctx.editor.stage ? null : h2(
      "div",
      { class: "mus-count-buttons" },
      over && ctx.setup.watching ? null : over ? h2("button", {
        class: "mus-action mus-primary",
        type: "button",
        data: { key: "play-again" },
        // A served table has no new-game panel: the server starts a new match, same table and players.
        on: { click: () => ctx.setup.served ? ctx.rematch() : ctx.openNewGame() }
      }, t2("ui.play_again")) : h2("button", {
        class: "mus-action mus-primary",
        type: "button",
        data: { key: "next-hand" },
        disabled: ctx.waiting,
        on: { click: () => ctx.nextHand() }
      }, t2("ui.next_hand")),
      over && ctx.review.total ? h2("button", {
        class: "mus-action",
        type: "button",
        data: { key: "review-game" },
        on: { click: () => ctx.openReview() }
      }, t2("ui.review.open_game")) : null,
      // The hand just counted, reopened at its count to step back through it face up (drawn first, reached
      // after Next hand).
      count ? lessonButton(ctx, null, null) : null,
      count ? h2("button", {
        class: "mus-action mus-replay-hand",
        type: "button",
        data: { key: "replay-hand" },
        disabled: ctx.waiting,
        aria: { label: t2("ui.replay.this_hand") },
        title: t2("ui.replay.this_hand"),
        on: { click: () => ctx.openReplay(state.hand) }
      }, "◀") : null
    )
  );
}

// js/views/log.js
var KIND_CLASS = { hand: "mus-log-hand", count: "mus-log-count", event: "mus-log-earlier" };
function line(item, open, t2) {
  if (item.kind === "hand" && open) {
    return h2(
      "li",
      { class: KIND_CLASS.hand },
      h2("button", {
        class: "mus-log-replay",
        type: "button",
        data: { key: `replay-${item.hand}` },
        title: t2("ui.replay.open", { hand: item.hand }),
        on: { click: () => open(item.hand) }
      }, "◀ ", item.text)
    );
  }
  return h2("li", { class: KIND_CLASS[item.kind] }, item.text);
}
function logView(ctx) {
  const { state, t: t2 } = ctx;
  const counted = state.count && state.count.lines || [];
  return h2(
    "section",
    { class: "mus-log", aria: { label: t2("ui.log") } },
    h2("h3", { class: "mus-log-title" }, t2("ui.log")),
    h2(
      "ol",
      { class: "mus-log-lines", tabindex: "0", data: { key: "log" }, aria: { label: t2("ui.log") } },
      ctx.history.map((item) => line(item, state.steps || state.watch ? null : ctx.openReplay, t2)),
      state.log.map((text) => h2("li", {}, text)),
      counted.map((item) => line(item, null, t2))
    )
  );
}

// js/views/info.js
function humanPopover(ctx, seat) {
  const { state, t: t2 } = ctx;
  const player = state.players[seat];
  return h2(
    "div",
    {
      class: "mus-popover mus-info mus-info-human",
      role: "dialog",
      aria: { label: t2("ui.info.of", { name: player.name }) },
      data: { presence: player.presence }
    },
    h2(
      "div",
      { class: "mus-popover-head" },
      h2("strong", {}, player.name),
      h2("button", {
        class: "mus-close",
        type: "button",
        data: { key: `info-close-${seat}` },
        aria: { label: t2("ui.close") },
        on: { click: () => ctx.toggleInfo(seat) }
      }, "×")
    ),
    h2("p", { class: "mus-info-kind" }, t2("ui.room.info.human")),
    h2("p", {}, t2("ui.info.seat", { seat: t2(`seat.${seat}`) })),
    h2("p", { class: "mus-info-presence" }, t2(`ui.room.info.${player.presence}`))
  );
}
function infoPopover(ctx, seat) {
  const { state, t: t2 } = ctx;
  const player = state.players[seat];
  if (!player.level) return humanPopover(ctx, seat);
  const [games, won] = player.record;
  const why = player.why || [];
  return h2(
    "div",
    { class: "mus-popover mus-info", role: "dialog", aria: { label: t2("ui.info.of", { name: player.name }) } },
    h2(
      "div",
      { class: "mus-popover-head" },
      h2("strong", {}, player.name),
      h2("button", {
        class: "mus-close",
        type: "button",
        data: { key: `info-close-${seat}` },
        aria: { label: t2("ui.close") },
        on: { click: () => ctx.toggleInfo(seat) }
      }, "×")
    ),
    h2("p", {}, t2("ui.info.level", { level: t2(`ui.level.${player.level}`) })),
    h2("p", {}, t2("ui.info.seat", { seat: t2(`seat.${seat}`) })),
    h2("p", {}, t2("ui.info.record", { games, won })),
    h2("p", { class: "mus-info-why-title" }, t2("ui.info.why")),
    why.length ? h2("ul", { class: "mus-info-why" }, why.map((line2) => h2("li", {}, line2))) : h2("p", { class: "mus-muted" }, t2("ui.info.why.none"))
  );
}

// js/views/seat.js
function handView(ctx, seat) {
  const { state, t: t2, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat;
  const discarding = mine && state.turn && state.turn.kind === "discard";
  const dealt = `${state.game}-${state.hand}`;
  if (!player.cards) {
    return h2(
      "div",
      {
        key: `down-${dealt}`,
        class: "mus-hand mus-hand-down mus-dealt",
        role: "img",
        aria: { label: t2("ui.cards.hidden", { name: player.name }) }
      },
      [0, 1, 2, 3].map(() => svgImage(backSvg(), "mus-card"))
    );
  }
  const fresh = mine && ui.newCards ? ui.newCards : /* @__PURE__ */ new Set();
  const named = (card) => fresh.has(card) ? t2("ui.cards.new", { card: cardName(t2, card) }) : cardName(t2, card);
  if (discarding) {
    return h2(
      "div",
      { class: "mus-hand mus-hand-pick", role: "group", aria: { label: t2("ui.discard.pick") } },
      player.cards.map((card) => {
        const picked = ui.selected.has(card);
        return h2(
          "button",
          {
            key: card,
            class: ["mus-card-button", picked && "mus-picked", fresh.has(card) && "mus-new-card"],
            type: "button",
            data: { key: `card-${card}`, card },
            aria: { pressed: picked ? "true" : "false", label: named(card) },
            title: t2("ui.discard.card", { card: cardName(t2, card) }),
            on: { click: () => ctx.toggleCard(card) }
          },
          svgImage(cardSvg(card), "mus-card")
        );
      })
    );
  }
  const names = player.cards.map(named);
  return h2(
    "ul",
    {
      key: `up-${dealt}`,
      class: ["mus-hand", "mus-dealt", mine ? "mus-hand-mine" : "mus-hand-shown"],
      aria: { label: mine ? t2("ui.cards.yours") : t2("ui.cards.shown", { name: player.name, cards: names.join(", ") }) }
    },
    player.cards.map(
      (card, i2) => h2(
        "li",
        { key: card, class: ["mus-card-slot", fresh.has(card) && "mus-new-card"], data: { card } },
        h2(
          "span",
          { class: "mus-card-image", role: "img", aria: { label: names[i2] } },
          svgImage(cardSvg(card), "mus-card")
        )
      )
    )
  );
}
function faceView(ctx, seat) {
  const { state, t: t2, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat && !state.watch;
  const ringed = player.sena && !state.watch && (seat === state.partner || mine);
  const described = player.sena ? t2("ui.face.of", {
    name: player.name,
    gesture: t2(`sena.${player.sena}.gesture`),
    meaning: t2(`sena.${player.sena}.meaning`)
  }) : t2("ui.face.none", { name: player.name });
  const note = ringed ? t2(mine ? "ui.sena.yours" : "ui.sena.partner") : "";
  const art = svgImage(faceSvg(player.sena), "mus-face");
  const classes = ["mus-face-wrap", ringed && "mus-ringed", player.sena && "mus-has-sena"];
  if (mine) {
    return h2(
      "button",
      {
        class: [...classes, "mus-face-button"],
        type: "button",
        data: { key: "face", sena: player.sena || "" },
        aria: {
          expanded: ui.senasOpen ? "true" : "false",
          label: ui.senasOpen ? t2("ui.face.close") : t2("ui.face.open"),
          description: [described, note].filter(Boolean).join(". ")
        },
        title: described,
        on: { click: () => ctx.toggleSenas() }
      },
      art
    );
  }
  const key = `face-${seat}`;
  return h2(
    "span",
    {
      class: [...classes, ui.note === key && "mus-note-open"],
      role: "img",
      tabindex: "0",
      data: { key, note: key, sena: player.sena || "" },
      aria: { label: [described, note].filter(Boolean).join(". ") },
      on: { click: () => ctx.toggleNote(key) }
    },
    art,
    h2("span", { class: "mus-hover-note", aria: { hidden: "true" } }, described, note ? h2("em", {}, note) : null)
  );
}
function plateView(ctx, seat) {
  const { state, t: t2, ui } = ctx;
  const player = state.players[seat];
  const team = seat % 2;
  const markers = [
    state.to_move === seat ? h2(
      "span",
      { class: "mus-arrow", role: "img", aria: { label: t2("ui.to_move", { name: player.name }) } },
      svgImage(arrowSvg(), "mus-marker")
    ) : h2("span", { class: "mus-marker-room", aria: { hidden: "true" } }),
    state.mano === seat ? h2(
      "span",
      { class: "mus-mano", role: "img", aria: { label: t2("ui.mano", { name: player.name }) } },
      svgImage(manoSvg(), "mus-marker")
    ) : h2("span", { class: "mus-marker-room", aria: { hidden: "true" } })
  ];
  const human = Boolean(player.presence) && seat !== state.seat;
  const info = player.level || human ? h2(
    "button",
    {
      class: "mus-info-button",
      type: "button",
      data: { key: `info-${seat}` },
      aria: { label: t2("ui.info.of", { name: player.name }), expanded: ui.info === seat ? "true" : "false" },
      on: { click: () => ctx.toggleInfo(seat) }
    },
    "i"
  ) : null;
  const absent = player.presence === "gone" || player.presence === "away";
  const presence2 = human ? absent ? h2(
    "span",
    {
      class: "mus-presence",
      role: "img",
      title: t2(`ui.classroom.${player.presence}`),
      aria: { label: t2(`ui.classroom.${player.presence}`) },
      data: { presence: player.presence }
    },
    svgImage(presenceSvg(player.presence), "mus-marker")
  ) : h2("span", { class: "mus-presence mus-marker-room", aria: { hidden: "true" }, data: { presence: player.presence } }) : null;
  return h2(
    "div",
    {
      class: ["mus-plate", `mus-team-${team}`, player.level && "mus-bot", player.presence && "mus-human"],
      data: { presence: player.presence || "" }
    },
    markers[0],
    h2("span", { class: "mus-name", title: player.name }, player.name),
    presence2,
    // Keyed by the score, so a change mounts it again and it pops (briefly; not at all for reduced motion).
    h2("span", { key: `points-${state.scores[team]}`, class: "mus-points", title: state.teams[team] }, String(state.scores[team])),
    info,
    markers[1]
  );
}
function declarations(ctx, player) {
  const { t: t2 } = ctx;
  const out = [];
  for (const lance of ["pares", "juego"]) {
    const has = player[lance];
    if (has === null || has === void 0) continue;
    out.push(h2(
      "span",
      { class: ["mus-decl", has ? "mus-decl-yes" : "mus-decl-no"] },
      t2(`ui.${lance}.${has ? "yes" : "no"}`)
    ));
  }
  return out;
}
function bubbleView(ctx, seat) {
  const { state } = ctx;
  const bubble = state.players[seat].bubble;
  if (!bubble) return h2("div", { class: "mus-bubble mus-bubble-empty", aria: { hidden: "true" } });
  const fresh = ctx.freshFrom !== null && bubble.at >= ctx.freshFrom;
  return h2(
    "div",
    { class: ["mus-bubble", bubble.ask && "mus-bubble-ask", fresh && "mus-fresh"], data: { seat } },
    bubble.text
  );
}
function seatView(ctx, seat, position) {
  const { state, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat;
  return h2(
    "section",
    {
      class: ["mus-seat", `mus-at-${position}`, state.to_move === seat && "mus-to-move", mine && "mus-me"],
      aria: { label: player.name },
      data: { seat, position }
    },
    plateView(ctx, seat),
    mine ? bubbleView(ctx, seat) : null,
    // The student's cards before the face in the page (Tab reaches a discard's cards first); the face shows left.
    mine ? h2("div", { class: "mus-seat-body" }, handView(ctx, seat), faceView(ctx, seat)) : h2("div", { class: "mus-seat-body" }, faceView(ctx, seat), handView(ctx, seat)),
    mine ? h2("div", { class: "mus-decls" }, declarations(ctx, player)) : h2("div", { class: "mus-seat-foot" }, bubbleView(ctx, seat), h2("div", { class: "mus-decls" }, declarations(ctx, player))),
    ui.info === seat ? infoPopover(ctx, seat) : null
  );
}

// js/views/senas.js
function senasOverview(ctx) {
  const { state, t: t2, ui } = ctx;
  const honest = new Set(state.true_senas || []);
  return h2(
    "div",
    { class: "mus-senas", role: "group", aria: { label: t2("ui.senas.title") } },
    h2("div", { class: "mus-senas-title" }, t2("ui.senas.title")),
    h2(
      "div",
      { class: "mus-senas-grid" },
      SENA_IDS.map((id) => {
        const gesture = t2(`sena.${id}.gesture`);
        const meaning = t2(`sena.${id}.meaning`);
        const isTrue = honest.has(id);
        const label = t2("ui.sena.option", { gesture, meaning }) + (isTrue ? ` (${t2("ui.sena.true")})` : "");
        const key = `sena-${id}`;
        const explained = ui.note === key;
        return h2(
          "button",
          {
            class: ["mus-sena-option", isTrue && "mus-sena-true", explained && "mus-note-open"],
            type: "button",
            data: { key, note: key, sena: id },
            aria: { label },
            on: { click: (event) => byTouch(event) && !explained ? ctx.toggleNote(key) : ctx.makeSena(id) }
          },
          svgImage(faceSvg(id), "mus-face"),
          isTrue ? h2("span", { class: "mus-true-mark", aria: { hidden: "true" } }, "✓") : null,
          h2(
            "span",
            { class: "mus-hover-note", aria: { hidden: "true" } },
            h2("strong", {}, gesture),
            h2("span", {}, meaning),
            isTrue ? h2("em", {}, t2("ui.sena.true")) : null,
            explained ? h2("em", { class: "mus-note-again" }, t2("ui.sena.tap_again")) : null
          )
        );
      })
    )
  );
}

// js/views/review.js
function reviewButton(ctx) {
  const { review, t: t2 } = ctx;
  if (ctx.setup.served) return null;
  const total = review.total || 0;
  const progress = review.complete || !total ? null : t2("ui.review.progress", { done: review.done, total });
  return h2("button", {
    class: ["mus-action", "mus-review-button", ctx.ui.review && "mus-fold-open"],
    type: "button",
    data: { key: "review" },
    disabled: !total,
    aria: { expanded: ctx.ui.review ? "true" : "false" },
    title: total ? progress : t2("ui.review.nothing"),
    on: { click: () => ctx.ui.review ? ctx.closeReview() : ctx.openReview() }
  }, t2("ui.review.open"), progress ? h2("span", { class: "mus-review-progress" }, ` ${review.done}/${total}`) : null);
}
function handOver(ctx, row) {
  const { state } = ctx;
  if (row.game !== state.game) return row.game < state.game;
  return row.hand < state.hand || row.hand === state.hand && state.stage !== "play";
}
function badge(row) {
  return h2("span", { class: ["mus-badge", `mus-badge-${row.grade}`] }, row.grade_text);
}
function nearestMarker(chart, x2, y2) {
  let best = null;
  let bestDistance = 22;
  for (const marker of chart.querySelectorAll("[data-decision]")) {
    const shape = marker.querySelector("circle, rect, polygon") || marker;
    const box = shape.getBoundingClientRect();
    const distance = Math.hypot(box.left + box.width / 2 - x2, box.top + box.height / 2 - y2);
    if (distance <= bestDistance) {
      best = marker;
      bestDistance = distance;
    }
  }
  return best;
}
function reviewView(ctx) {
  const { review, t: t2, ui } = ctx;
  const rows = review.rows || [];
  const flagged = rows.filter((row) => row.grade !== "good");
  const onlyFlagged = ui.reviewAll ? false : flagged.length > 0;
  const shown = onlyFlagged ? flagged : rows;
  const counts = ["good", "inaccuracy", "mistake", "blunder"].map((grade) => h2(
    "span",
    { class: ["mus-badge", `mus-badge-${grade}`] },
    `${t2(`review.grade.${grade}`)}: ${rows.filter((row) => row.grade === grade).length}`
  ));
  const open = (row) => {
    if (handOver(ctx, row)) ctx.openDecision(row.row);
  };
  return h2(
    "section",
    { class: "mus-review", role: "region", aria: { label: t2("ui.review.title") } },
    h2(
      "div",
      { class: "mus-review-head" },
      h2("h3", { class: "mus-review-title" }, t2("ui.review.title")),
      h2("button", {
        class: "mus-action",
        type: "button",
        data: { key: "review-close" },
        on: { click: () => ctx.closeReview() }
      }, t2("ui.review.close"))
    ),
    review.complete ? h2("p", { class: "mus-review-counts" }, counts) : h2(
      "p",
      { class: "mus-review-status", aria: { live: "polite" } },
      h2("progress", { max: review.total, value: review.done }),
      " ",
      t2("ui.review.progress", { done: review.done, total: review.total })
    ),
    review.chart ? h2("div", {
      class: "mus-review-chart",
      html: review.chart,
      on: { click: (event) => {
        const target = (
          /** @type {Element} */
          event.target.closest("[data-decision]") || nearestMarker(
            /** @type {Element} */
            event.currentTarget,
            event.clientX,
            event.clientY
          )
        );
        const row = target && rows.find((r2) => r2.row === Number(target.getAttribute("data-decision")));
        if (row) open(row);
      } }
    }) : null,
    flagged.length ? h2(
      "label",
      { class: "mus-check" },
      h2("input", {
        type: "checkbox",
        checked: !onlyFlagged,
        data: { key: "review-all" },
        on: { change: (event) => ctx.setReviewAll(event.target.checked) }
      }),
      t2("ui.review.all", { count: rows.length })
    ) : null,
    h2("ol", { class: "mus-review-rows" }, shown.map((row) => h2(
      "li",
      { key: `row-${row.row}` },
      h2(
        "button",
        {
          class: ["mus-review-item", `mus-review-${row.grade}`],
          type: "button",
          data: { decision: row.row },
          disabled: !handOver(ctx, row),
          title: handOver(ctx, row) ? t2("ui.review.open_decision") : t2("ui.review.hand_on"),
          on: { click: () => open(row) }
        },
        h2("span", { class: "mus-review-where" }, t2("ui.review.where", { hand: row.hand, moment: row.moment })),
        badge(row),
        h2("span", { class: "mus-review-calls" }, t2("ui.review.calls", { action: row.action, best: row.best })),
        row.grade !== "good" ? h2("span", { class: "mus-review-cost" }, t2("ui.review.cost", { cost: row.cost })) : null,
        h2("span", { class: "mus-review-why" }, row.why),
        // (said, not only in the title: a finger gets no tooltip)
        handOver(ctx, row) ? null : h2("span", { class: "mus-review-hand-on" }, t2("ui.review.hand_on"))
      )
    )))
  );
}
function decisionBox(ctx) {
  const { state, t: t2 } = ctx;
  const row = state.replay && state.replay.decision;
  if (!row) return null;
  return h2(
    "div",
    { class: "mus-decision", role: "group", aria: { label: t2("ui.review.decision") } },
    h2(
      "p",
      { class: "mus-decision-head" },
      badge(row),
      " ",
      t2("ui.review.calls", { action: row.action, best: row.best }),
      row.grade !== "good" ? h2("span", { class: "mus-review-cost" }, " ", t2("ui.review.cost", { cost: row.cost })) : null
    ),
    h2("p", { class: "mus-decision-why" }, row.why),
    row.hindsight ? h2("p", { class: "mus-decision-hindsight" }, row.hindsight) : null,
    h2(
      "div",
      { class: "mus-decision-buttons" },
      h2("button", {
        class: "mus-action mus-primary",
        type: "button",
        data: { key: "try-again" },
        on: { click: () => ctx.tryAgain(row.at) }
      }, t2("ui.review.try_again")),
      ctx.ui.fromReview ? h2("button", {
        class: "mus-action",
        type: "button",
        data: { key: "back-to-review" },
        on: { click: () => ctx.backToReview() }
      }, t2("ui.review.back")) : null
    )
  );
}

// js/views/replay.js
function icon(path) {
  return h2(
    "svg",
    { class: "mus-step-icon", viewBox: "0 0 14 14", aria: { hidden: "true" }, focusable: "false" },
    h2("path", { d: path })
  );
}
function replayBar(ctx) {
  const { state, t: t2 } = ctx;
  const replay = state.replay;
  if (!replay) return null;
  const at = ctx.ui.replayTo ?? replay.index;
  const button = (key, label, to, text, disabled) => h2("button", {
    class: "mus-step-button",
    type: "button",
    data: { key },
    disabled,
    aria: { label },
    title: label,
    on: { click: () => ctx.replayStep(to) }
  }, text);
  return h2(
    "section",
    { class: "mus-replay", role: "region", aria: { label: t2("ui.replay.region", { hand: replay.hand }) } },
    replay.decision ? null : h2("h3", { class: "mus-replay-title" }, t2("ui.replay.region", { hand: replay.hand })),
    h2(
      "div",
      { class: "mus-steps-bar" },
      button("replay-first", t2("ui.replay.first"), 0, icon("M2 1h2v12H2zM13 1v12L5 7z"), at <= 0),
      button("replay-back", t2("ui.steps.back"), at - 1, "◀", at <= 0),
      h2(
        "span",
        { class: "mus-steps-count", aria: { live: "polite" } },
        t2("ui.steps.step", { index: replay.index, count: replay.count })
      ),
      button("replay-forward", t2("ui.steps.forward"), at + 1, "▶", at >= replay.count),
      button("replay-last", t2("ui.replay.last"), replay.count, icon("M10 1h2v12h-2zM1 1v12l8-6z"), at >= replay.count)
    ),
    h2("button", {
      class: ["mus-action", !replay.decision && "mus-primary"],
      type: "button",
      data: { key: "replay-close" },
      on: { click: () => ctx.closeReplay() }
    }, t2("ui.replay.back_to_game")),
    replay.decision ? null : lessonButton(ctx, replay.hand, state.game),
    decisionBox(ctx)
  );
}

// js/views/tips.js
function tipIds(messages, moment) {
  const out = [];
  for (let n2 = 1; messages[`tip.${moment}.${n2}`] !== void 0; n2 += 1) out.push(`tip.${moment}.${n2}`);
  return out;
}
function tipMoment(state, ui) {
  const moments = ui.senasOpen ? ["senas"] : state.tips || [state.moment];
  const moment = moments[0] || state.moment;
  const turn = state.turn ? state.turn.kind : "";
  return {
    moment,
    moments,
    key: `${moments.join("+")}|${state.game}|${state.hand}|${state.phase}|${state.stage}|${turn}`
  };
}
function tipsView(ctx) {
  const { t: t2, ui, messages } = ctx;
  if (!ctx.tips) return null;
  const { moment, moments, key } = tipMoment(ctx.state, ui);
  if (ui.tipsClosed === key) return null;
  const ids = moments.flatMap((m2) => tipIds(messages, m2));
  if (!ids.length) return null;
  const page = Math.min(ui.tipPage, ids.length - 1);
  const turnPage = (step) => ctx.pageTip((page + step + ids.length) % ids.length);
  return h2(
    "aside",
    {
      class: "mus-tips",
      aria: { label: t2("ui.tips.title", { page: page + 1, pages: ids.length }) },
      data: { moment }
    },
    h2(
      "div",
      { class: "mus-tips-head" },
      h2("button", {
        class: "mus-tip-page",
        type: "button",
        data: { key: "tip-prev" },
        aria: { label: t2("ui.tips.previous") },
        on: { click: () => turnPage(-1) }
      }, svgImage(pageSvg(-1), "mus-icon")),
      h2("span", { class: "mus-tips-count" }, t2("ui.tips.title", { page: page + 1, pages: ids.length })),
      h2("button", {
        class: "mus-tip-page",
        type: "button",
        data: { key: "tip-next" },
        aria: { label: t2("ui.tips.next") },
        on: { click: () => turnPage(1) }
      }, svgImage(pageSvg(1), "mus-icon")),
      h2(
        "button",
        {
          class: "mus-tip-close",
          type: "button",
          data: { key: "tip-close" },
          aria: { label: t2("ui.tips.close") },
          on: { click: () => ctx.closeTips(key) }
        },
        svgImage(crossSvg("#2e9e44"), "mus-icon")
      )
    ),
    h2("p", { class: "mus-tip-text", aria: { live: "polite" }, data: { tip: ids[page] } }, t2(ids[page])),
    h2(
      "div",
      { class: "mus-tips-foot" },
      h2(
        "label",
        { class: "mus-tips-ask" },
        h2("input", {
          type: "checkbox",
          checked: true,
          data: { key: "tips-ask" },
          on: { change: (event) => ctx.setTips(event.target.checked) }
        }),
        t2("ui.tips.ask")
      ),
      h2(
        "button",
        {
          class: "mus-tips-off",
          type: "button",
          data: { key: "tips-off" },
          aria: { label: t2("ui.tips.off") },
          title: t2("ui.tips.off"),
          on: { click: () => ctx.setTips(false) }
        },
        svgImage(crossSvg("#d62828"), "mus-icon")
      )
    )
  );
}

// js/views/table.js
var POSITIONS = ["bottom", "right", "top", "left"];
function positionOf(seat, student) {
  return POSITIONS[(seat - student + 4) % 4];
}
function countersText(t2, team, points, target) {
  const amarracos = Math.floor(points / 5);
  const piedras = points % 5;
  const counted = t2("ui.score.counters", { points, amarracos, piedras, target, goal: Math.ceil(target / 5) });
  return t2("ui.score.of_team", { team, counters: counted });
}
function counters(t2, team, points, target) {
  const amarracos = Math.floor(points / 5);
  const piedras = points % 5;
  return h2(
    "span",
    { class: "mus-counters", role: "img", aria: { label: countersText(t2, team, points, target) } },
    Array.from({ length: amarracos }, () => h2("span", { class: "mus-amarraco" })),
    Array.from({ length: piedras }, () => h2("span", { class: "mus-piedra" }))
  );
}
function scoreView(ctx, team) {
  const { state, t: t2, ui } = ctx;
  const key = `score-${team}`;
  const said = countersText(t2, state.teams[team], state.scores[team], state.target);
  return h2(
    "span",
    {
      class: ["mus-score", `mus-team-${team}`, ui.note === key && "mus-note-open"],
      tabindex: "0",
      data: { team, key, note: key },
      on: { click: () => ctx.toggleNote(key) }
    },
    h2("span", { class: "mus-score-team" }, state.teams[team]),
    h2("strong", { key: `score-${state.scores[team]}`, class: "mus-score-points" }, String(state.scores[team])),
    h2("span", { class: "mus-score-target" }, `/ ${state.target}`),
    counters(t2, state.teams[team], state.scores[team], state.target),
    h2("span", { class: "mus-hover-note", aria: { hidden: "true" } }, said)
  );
}
function topBar(ctx) {
  const { state, t: t2 } = ctx;
  const scores = [0, 1].map((team) => scoreView(ctx, team));
  if (ctx.editor.stage) {
    return h2(
      "header",
      { class: "mus-topbar" },
      h2("span", { class: "mus-title" }, "Mus"),
      dealing(ctx) ? h2("span", { class: "mus-hand-info" }, ctx.editor.title) : h2("span", { class: "mus-scores" }, scores)
    );
  }
  return h2(
    "header",
    { class: "mus-topbar" },
    h2("span", { class: "mus-title" }, "Mus"),
    h2(
      "span",
      { class: "mus-hand-info" },
      h2("span", { class: "mus-hand-number" }, t2("ui.hand_number", { game: state.game, hand: state.hand })),
      state.games > 1 ? h2("span", { class: "mus-games" }, t2("ui.games_won", {
        team_a: state.teams[0],
        team_b: state.teams[1],
        a: state.games_won[0],
        b: state.games_won[1]
      })) : null
    ),
    h2("span", { class: "mus-scores" }, scores),
    // A lesson's stepping table shows the lesson: no Review, tips button or New game (MusTable.from_scenario).
    ctx.setup.lesson ? null : h2(
      "span",
      { class: "mus-top-buttons" },
      reviewButton(ctx),
      ctx.tips ? null : h2(
        "button",
        {
          class: "mus-tips-on",
          type: "button",
          data: { key: "tips-on" },
          aria: { label: t2("ui.tips.on") },
          title: t2("ui.tips.on"),
          on: { click: () => ctx.setTips(true) }
        },
        svgImage(questionSvg(), "mus-icon")
      ),
      ctx.setup.served || ctx.editor.stage ? null : h2("button", {
        class: "mus-action mus-new-game",
        type: "button",
        data: { key: "new-game" },
        on: { click: () => ctx.openNewGame() }
      }, t2("ui.new_game"))
    )
  );
}
function errorBanner(ctx) {
  const { error, ui, t: t2 } = ctx;
  if (!error || !error.seq || ui.dismissedError === error.seq || saveRefusal(ctx)) return null;
  return h2(
    "div",
    { class: "mus-error", role: "alert", data: { error: error.id } },
    h2("span", {}, error.text),
    h2("button", {
      class: "mus-close",
      type: "button",
      data: { key: "error-close" },
      aria: { label: t2("ui.error.dismiss") },
      on: { click: () => ctx.dismissError(error.seq) }
    }, "×")
  );
}
function centre(ctx) {
  const { state, t: t2 } = ctx;
  const bet = state.bet;
  const parts = [];
  if (bet) {
    const lance = lanceLabel(t2, bet.lance);
    const text = bet.ordago ? t2("ui.bar.ordago", { lance }) : bet.stake ? t2("ui.bar.stake", { lance, stake: bet.stake }) : t2("ui.bar.open", { lance });
    parts.push(h2("div", { class: ["mus-centre-bet", bet.ordago && "mus-ordago"] }, text));
  } else if (state.stage === "play" && (state.phase === "mus" || state.phase === "discard")) {
    parts.push(h2("div", { class: "mus-centre-bet" }, t2(state.phase === "mus" ? "action.mus" : "ui.discard.pick")));
  }
  if (state.last) parts.push(h2("div", { class: "mus-centre-last" }, t2("ui.last_lance", { text: state.last })));
  return h2("div", { class: "mus-centre" }, parts);
}
function turnSlot(ctx) {
  const { state, t: t2, ui } = ctx;
  let inside;
  if (ctx.editor.stage) inside = editorTurn(ctx);
  else if (state.replay) inside = replayBar(ctx);
  else if (ui.senasOpen) inside = senasOverview(ctx);
  else if (state.turn) inside = turnView(ctx);
  else if (state.count || state.stage !== "play") inside = countFooter(ctx);
  else if (state.to_move !== null && state.to_move !== void 0) {
    inside = h2("p", { class: "mus-waiting-for" }, t2("ui.to_move", { name: state.players[state.to_move].name }));
  }
  return h2("div", { class: "mus-turn-slot" }, inside);
}
function sideView(ctx) {
  const { room, t: t2, ui } = ctx;
  if (ctx.editor.stage) return h2("div", { class: "mus-side mus-side-editor" }, h2("div", { class: "mus-side-inner" }, editorSide(ctx)));
  const chat = chatView(ctx);
  const fold = (name, label, unread2 = 0) => h2("button", {
    class: ["mus-fold-button", ui.fold === name && "mus-fold-open"],
    type: "button",
    data: { key: `fold-${name}` },
    aria: { expanded: ui.fold === name ? "true" : "false", label: unread2 > 0 ? t2("ui.room.chat.unread", { n: unread2 }) : null },
    on: { click: () => ctx.toggleFold(name) }
  }, label, unread2 > 0 ? h2("span", { class: "mus-fold-unread", aria: { hidden: "true" } }, String(unread2)) : null);
  const unread = room ? Math.max(0, (room.heard || 0) - (ui.chatSeen || 0)) : 0;
  const folded = (name, ...panels) => h2(
    "div",
    { class: ["mus-fold", `mus-fold-${name}`, ui.fold === name && "mus-unfolded"] },
    panels
  );
  return h2(
    "div",
    { class: "mus-side" },
    h2(
      "div",
      { class: "mus-side-inner" },
      stepsView(ctx),
      h2(
        "div",
        { class: "mus-folds" },
        fold("tips", t2("ui.fold.tips")),
        fold("log", t2("ui.fold.log")),
        chat ? fold("chat", t2("ui.room.chat"), unread) : null
      ),
      folded("tips", noteView(ctx), coachView(ctx), tipsView(ctx)),
      folded("log", logView(ctx)),
      chat ? folded("chat", chat) : null
    )
  );
}
function tableView(ctx) {
  const { state } = ctx;
  const others = [1, 2, 3].map((step) => {
    const seat = (state.seat + step) % 4;
    return seatView(ctx, seat, positionOf(seat, state.seat));
  });
  const seats2 = [h2("div", { class: "mus-bottom-area" }, turnSlot(ctx), seatView(ctx, state.seat, "bottom")), ...others];
  const felt = state.count ? h2(
    "div",
    { class: "mus-felt mus-counting" },
    h2(
      "div",
      { class: "mus-count-slot" },
      state.replay ? replayBar(ctx) : countFooter(ctx),
      ctx.editor.stage ? editorTurn(ctx) : null
    ),
    countHands(ctx),
    countView(ctx)
  ) : h2("div", { class: "mus-felt" }, seats2, centre(ctx));
  const main = dealing(ctx) ? h2("div", { class: "mus-main mus-main-dialog" }, dealPanel(ctx)) : ctx.ui.form ? h2("div", { class: "mus-main mus-main-dialog" }, newGameView(ctx)) : ctx.ui.review && ctx.review.total ? h2("div", { class: "mus-main mus-main-dialog" }, reviewView(ctx)) : h2("div", { class: "mus-main" }, felt, sideView(ctx));
  return h2(
    "div",
    { class: ["mus-app", ctx.waiting && "mus-waiting", state.steps && "mus-stepping", state.replay && "mus-replaying", ctx.setup.served && "mus-served", ctx.editor.stage && "mus-editing"] },
    h2("div", { class: "mus-stage" }, errorBanner(ctx), main),
    topBar(ctx),
    roomBar(ctx)
  );
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

// js/arrival.js
function scrollerOf(el) {
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node === document.body || node === document.documentElement) break;
    const { overflowY } = getComputedStyle(node);
    if (/(auto|scroll|overlay)/.test(overflowY) && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement || document.documentElement;
}
function shownBox(scroller) {
  if (scroller === document.scrollingElement || scroller === document.documentElement) {
    return { top: 0, bottom: window.innerHeight };
  }
  const box = scroller.getBoundingClientRect();
  const top = box.top + scroller.clientTop;
  return { top, bottom: top + scroller.clientHeight };
}
function inCellJustRun(root, selector) {
  const cell = root.closest(".jp-Notebook .jp-Cell");
  if (!cell || cell.querySelector(selector) !== root) return false;
  if (cell.classList.contains("jp-mod-active")) return true;
  let next = cell.nextElementSibling;
  while (next && !next.classList.contains("jp-Cell")) next = next.nextElementSibling;
  return Boolean(next && next.classList.contains("jp-mod-active"));
}
function scrollNeeded(region, shown, margin) {
  let by = 0;
  if (region.bottom + margin > shown.bottom) by = region.bottom + margin - shown.bottom;
  if (region.top - by - margin < shown.top) by = region.top - margin - shown.top;
  return Math.abs(by) < 1 ? 0 : Math.round(by);
}
function showOnArrival(root, selector, parts, { patience = 5e3, margin = 12 } = {}) {
  if (typeof ResizeObserver === "undefined" || typeof root.closest !== "function") return () => {
  };
  let done = false;
  const scrollKeys = /* @__PURE__ */ new Set(["PageDown", "PageUp", "ArrowDown", "ArrowUp", "Home", "End", " "]);
  const onInput = (event) => {
    if (event instanceof KeyboardEvent && !scrollKeys.has(event.key)) return;
    stop();
  };
  const inputs = ["wheel", "touchmove", "keydown"];
  for (const name of inputs) window.addEventListener(name, onInput, { capture: true, passive: true });
  const observer = new ResizeObserver(() => {
    if (done) return;
    if (!root.isConnected || root.getBoundingClientRect().height === 0 || !root.querySelector(parts[0])) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      if (done) return;
      stop();
      bring(root, selector, parts, margin);
    });
  });
  observer.observe(root);
  const timer = setTimeout(stop, patience);
  function stop() {
    done = true;
    clearTimeout(timer);
    observer.disconnect();
    for (const name of inputs) window.removeEventListener(name, onInput, { capture: true });
  }
  return stop;
}
function spanOf(root, parts) {
  const boxes = [...root.querySelectorAll(parts)].map((el) => el.getBoundingClientRect()).filter((b2) => b2.width > 0 && b2.height > 0);
  if (!boxes.length) return null;
  return { top: Math.min(...boxes.map((b2) => b2.top)), bottom: Math.max(...boxes.map((b2) => b2.bottom)) };
}
function bring(root, selector, parts, margin) {
  if (!inCellJustRun(root, selector)) return;
  const scroller = scrollerOf(root);
  const shown = shownBox(scroller);
  const box = root.getBoundingClientRect();
  if (box.bottom <= shown.top || box.top >= shown.bottom) return;
  let region = spanOf(root, parts[0]);
  if (!region) return;
  for (const more of parts.slice(1)) {
    const span = spanOf(root, more);
    if (!span) continue;
    const wider = { top: Math.min(region.top, span.top), bottom: Math.max(region.bottom, span.bottom) };
    if (wider.bottom - wider.top + 2 * margin > shown.bottom - shown.top) break;
    region = wider;
  }
  const by = scrollNeeded(region, shown, margin);
  if (!by) return;
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const target = scroller === document.scrollingElement || scroller === document.documentElement ? window : scroller;
  target.scrollBy({ top: by, behavior: still ? "auto" : "smooth" });
}

// js/presence.js
function viewId() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b2) => b2.toString(16).padStart(2, "0")).join("");
}
function presence(model, { every }) {
  const view = viewId();
  const say = (open) => {
    try {
      model.send({ type: "here", view, open });
    } catch {
    }
  };
  const onHide = () => say(false);
  const onShow = (event) => {
    if (event.persisted) say(true);
  };
  say(true);
  const timer = setInterval(() => say(true), every);
  window.addEventListener("pagehide", onHide);
  window.addEventListener("pageshow", onShow);
  return () => {
    clearInterval(timer);
    window.removeEventListener("pagehide", onHide);
    window.removeEventListener("pageshow", onShow);
    say(false);
  };
}

// js/widget.js
function freshUi() {
  return {
    selected: /* @__PURE__ */ new Set(),
    amount: null,
    turnKey: "",
    senasOpen: false,
    fold: null,
    info: null,
    form: null,
    tipsClosed: "",
    tipsKey: "",
    tipPage: 0,
    dismissedError: 0,
    waitingFor: null,
    chatDraft: "",
    chatSeen: null,
    // how many chat lines this view has shown (room.heard then)
    faceUp: null,
    // the face-up box as the teacher just set it, until the kernel's state says so
    stepTo: null,
    // the step asked for last while stepping, until the kernel's state shows it
    confirming: null,
    // a game-deciding call (ordago, or quiero to one) waiting for its second step
    focus: null,
    // where focus goes at the next draw: TURN (the next turn's first action) or a selector
    countRow: null,
    // the count's row pointed at or focused: its deciding cards are lit
    note: null,
    // the note a tap opened (a bot's seña, a team's counters, a seña's meaning before making it): its key
    newCards: null,
    // the student's cards served at the last discard of this hand, marked as new
    replayTo: null,
    // the step of a reopened hand asked for and not shown yet: quick presses step on from it
    review: false,
    // the review shown in place of the table
    reviewAll: false,
    // the review lists every decision, not only those to learn from
    fromReview: false,
    // the hand on the table was reopened from the review
    editorSlot: null,
    // the scenario editor's slot picked for the next card of the deck
    editorDiscard: /* @__PURE__ */ new Set(),
    // the cards picked for a discard in the scenario editor
    editorAmount: null,
    // the envido amount typed in the scenario editor
    editorKey: "",
    // the editor's step: the picked discard and amount reset when it changes
    editorFile: null,
    // the file name typed, until saved
    overwrite: false,
    // replace the file when saving
    copied: "",
    // the scenario text copied ("ok") or selected for Ctrl+C ("select")
    rulesOpen: false
    // the editor's rule options unfolded
  };
}
var TURN = "turn";
function announcement(t2, before, state) {
  const lines = [];
  const sameHand = before && before.game === state.game && before.hand === state.hand && before.stage === state.stage;
  const fresh = sameHand ? state.log.slice(before.log.length) : state.log.slice(-3);
  lines.push(...fresh);
  if (state.stage === "count" && (!before || before.stage !== "count")) lines.push(t2("ui.live.count"));
  if (state.winner && (!before || !before.winner)) lines.push(state.winner.text);
  if (state.turn && (!before || !before.turn || before.v !== state.v)) {
    lines.push(t2("ui.live.turn", { bar: barText(t2, state) }));
  }
  return lines.join(" ");
}
function turnKey(state) {
  const turn = state.turn;
  if (!turn) return "";
  const cards = state.players[state.seat].cards || [];
  return `${state.game}|${state.hand}|${state.phase}|${cards.join(" ")}|${JSON.stringify(turn)}`;
}
function render({ model: born, el }) {
  const mounted = mount(born, el, {
    className: "mus-widget",
    onLost: () => noKernel("ui.kernel.lost"),
    onBack: () => {
      notice.hidden = true;
      root.classList.remove("mus-no-kernel");
    },
    onFrozen: () => noKernel("ui.kernel.snapshot")
  });
  const model = mounted.model;
  const { root, watch } = mounted;
  const live = frame("div", { class: "mus-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const app = frame("div", { class: "mus-app-host" });
  const notice = frame("div", { class: "mus-kernel", role: "alert", hidden: true });
  root.append(live, notice, app);
  let pointY = null;
  function placeNotice() {
    if (pointY === null || notice.hidden) return;
    const box = root.getBoundingClientRect();
    const room = Math.max(box.height - notice.offsetHeight, 0);
    notice.style.top = `${Math.round(Math.min(Math.max(pointY - box.top + 14, 0), room))}px`;
  }
  function noKernel(id) {
    const t2 = translator(model.get("messages"), model.get("language"));
    notice.textContent = t2(id);
    notice.dataset.kernel = id === "ui.kernel.snapshot" ? "snapshot" : "lost";
    notice.hidden = false;
    root.classList.add("mus-no-kernel");
    placeNotice();
  }
  const guard = (event) => {
    pointY = event.clientY || (event.target.getBoundingClientRect ? event.target.getBoundingClientRect().bottom : null);
    placeNotice();
    if (notice.hidden && watch.check()) return;
    event.preventDefault();
    event.stopPropagation();
  };
  root.addEventListener("click", guard, true);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") guard(event);
  }, true);
  root.addEventListener("click", (event) => {
    if (ui.note === null) return;
    const owner = event.target instanceof Element ? event.target.closest("[data-note]") : null;
    if (owner && owner.getAttribute("data-note") === ui.note) return;
    ui.note = null;
    draw2();
  });
  const ui = freshUi();
  let shown = null;
  let stepShown = "";
  let freshFrom = null;
  const send = (content) => model.send(content);
  function prepare(state) {
    const key = turnKey(state);
    if (key !== ui.turnKey) {
      ui.turnKey = key;
      ui.selected = /* @__PURE__ */ new Set();
      ui.amount = null;
      ui.confirming = null;
    }
    const editor = model.get("editor") || {};
    const editorKey = editor.stage ? `${editor.line}|${editor.step}|${editor.what_if}|${editor.steps.length}` : "";
    if (editorKey !== ui.editorKey) {
      ui.editorKey = editorKey;
      ui.editorDiscard = /* @__PURE__ */ new Set();
      ui.editorAmount = null;
      ui.copied = "";
    }
    const { key: tipKey } = tipMoment(state, ui);
    if (tipKey !== ui.tipsKey) {
      ui.tipsKey = tipKey;
      ui.tipPage = 0;
    }
  }
  function markSeen(room) {
    const panel = app.querySelector(".mus-chat");
    if (ui.chatSeen === null || ui.fold === "chat" || panel && panel.getClientRects().length > 0) {
      ui.chatSeen = room.heard || 0;
    }
  }
  function draw2() {
    const state = model.get("state");
    if (!state || !state.players) return;
    prepare(state);
    markSeen(model.get("room") || {});
    const t2 = translator(model.get("messages"), model.get("language"));
    const active = (
      /** @type {HTMLElement | null} */
      document.activeElement
    );
    const focusKey = active && root.contains(active) && active.dataset ? active.dataset.key : null;
    const ctx = {
      state,
      history: model.get("history") || [],
      t: t2,
      ui,
      messages: model.get("messages") || {},
      setup: model.get("setup") || {},
      room: model.get("room") || {},
      review: model.get("decisions") || {},
      editor: model.get("editor") || {},
      tips: model.get("tips"),
      error: model.get("error"),
      waiting: ui.waitingFor !== null,
      freshFrom,
      redraw: draw2,
      act(action, sure = false) {
        if (!sure && decidesTheGame(state.turn, action)) {
          ui.confirming = action;
          ui.focus = '[data-key="confirm-no"]';
          draw2();
          return;
        }
        ui.confirming = null;
        ui.waitingFor = state.v;
        ui.focus = TURN;
        send({ type: "act", action });
        draw2();
      },
      confirm() {
        if (ui.confirming) ctx.act(ui.confirming, true);
      },
      cancelConfirm,
      nextHand() {
        ui.waitingFor = state.v;
        ui.focus = TURN;
        send({ type: "next_hand" });
        draw2();
      },
      makeSena(sena) {
        ui.senasOpen = false;
        ui.note = null;
        send({ type: "sena", sena });
        draw2();
      },
      say() {
        const text = ui.chatDraft.trim();
        if (!text) return;
        ui.chatDraft = "";
        send({ type: "say", text });
        draw2();
      },
      toggleCard(card) {
        if (ui.selected.has(card)) ui.selected.delete(card);
        else ui.selected.add(card);
        draw2();
      },
      markRow(row, leaving = null) {
        if (leaving !== null && ui.countRow !== leaving) return;
        if (ui.countRow === row) return;
        ui.countRow = row;
        draw2();
      },
      toggleSenas() {
        ui.senasOpen = !ui.senasOpen;
        ui.note = null;
        draw2();
      },
      toggleNote(key) {
        ui.note = ui.note === key ? null : key;
        draw2();
      },
      toggleFold(name) {
        ui.fold = ui.fold === name ? null : name;
        draw2();
      },
      toggleInfo(seat) {
        ui.info = ui.info === seat ? null : seat;
        draw2();
      },
      pageTip(page) {
        ui.tipPage = page;
        draw2();
      },
      closeTips(key) {
        ui.tipsClosed = key;
        draw2();
      },
      setLanguage(code) {
        send({ type: "prefs", language: code });
      },
      setTips(on) {
        if (on) ui.tipsClosed = "";
        send({ type: "prefs", tips: on });
      },
      dismissError(seq) {
        ui.dismissedError = seq;
        draw2();
      },
      openNewGame() {
        ui.form = newForm(model.get("setup"), {
          tips: model.get("tips"),
          language: model.get("language"),
          pace: model.get("pace")
        });
        draw2();
      },
      rematch() {
        ui.waitingFor = state.v;
        send({ type: "rematch" });
        draw2();
      },
      closeNewGame() {
        ui.form = null;
        draw2();
      },
      startGame() {
        const message = newGameMessage(ui.form);
        ui.form = null;
        ui.tipsClosed = "";
        send(message);
        draw2();
      },
      step(to) {
        const steps = state.steps;
        if (!steps || to < 0 || to > steps.count || to === stepFrom(steps, ui)) return;
        ui.stepTo = to;
        send({ type: "step", to });
        draw2();
      },
      stepBranch(branch) {
        ui.waitingFor = state.v;
        ui.stepTo = null;
        send({ type: "step_branch", branch });
        draw2();
      },
      setFaceUp(on) {
        ui.waitingFor = state.v;
        ui.faceUp = on;
        send({ type: "face_up", on });
        draw2();
      },
      playOn() {
        ui.waitingFor = state.v;
        send({ type: "play_on" });
        draw2();
      },
      openReplay(hand) {
        ui.replayTo = null;
        ui.focus = ".mus-replay [data-key=replay-close]";
        send({ type: "replay", hand });
      },
      replayStep(to) {
        ui.replayTo = to;
        send({ type: "replay_step", to });
        draw2();
      },
      openReview() {
        ui.review = true;
        ui.focus = ".mus-review [data-key=review-close]";
        draw2();
      },
      closeReview() {
        ui.review = false;
        ui.focus = "[data-key=review]";
        draw2();
      },
      setReviewAll(on) {
        ui.reviewAll = on;
        draw2();
      },
      openDecision(row) {
        const graded = ((model.get("decisions") || {}).rows || []).find((r2) => r2.row === row);
        if (!graded) return;
        ui.review = false;
        ui.fromReview = true;
        ui.replayTo = null;
        ui.focus = "[data-key=try-again]";
        send({ type: "replay", game: graded.game, hand: graded.hand, at: graded.at });
        draw2();
      },
      backToReview() {
        ui.review = true;
        ui.fromReview = false;
        ui.replayTo = null;
        ui.focus = ".mus-review [data-key=review-close]";
        send({ type: "replay_close" });
        draw2();
      },
      tryAgain(at) {
        ui.fromReview = false;
        ui.replayTo = null;
        ui.focus = TURN;
        ui.waitingFor = state.v;
        send({ type: "try_again", step: at });
        draw2();
      },
      edit(op, values) {
        send({ type: "edit", op, ...values });
      },
      pickSlot(seat, slot) {
        const picked = ui.editorSlot;
        const deal = model.get("editor").deal;
        if (picked && picked.seat === seat && picked.slot === slot) ui.editorSlot = null;
        else if (picked && deal[picked.seat][picked.slot] && deal[seat][slot]) {
          send({ type: "edit", op: "card", seat, slot, card: deal[picked.seat][picked.slot] });
          ui.editorSlot = null;
        } else ui.editorSlot = { seat, slot };
        draw2();
      },
      dealCard(card) {
        const deal = model.get("editor").deal;
        const empty = [];
        deal.forEach((slots, s2) => slots.forEach((held, i2) => {
          if (!held) empty.push({ seat: s2, slot: i2 });
        }));
        const target = ui.editorSlot || empty[0];
        if (!target) return;
        send({ type: "edit", op: "card", seat: target.seat, slot: target.slot, card });
        const next = empty.find((e2) => e2.seat * 4 + e2.slot > target.seat * 4 + target.slot) || empty.find((e2) => e2.seat !== target.seat || e2.slot !== target.slot);
        ui.editorSlot = next || null;
        draw2();
      },
      toggleRules() {
        ui.rulesOpen = !ui.rulesOpen;
        draw2();
      },
      toggleDiscard(card) {
        if (ui.editorDiscard.has(card)) ui.editorDiscard.delete(card);
        else ui.editorDiscard.add(card);
        draw2();
      },
      copyText() {
        const text = model.get("editor").text;
        const select2 = () => {
          const box = (
            /** @type {HTMLTextAreaElement | null} */
            app.querySelector(".mus-editor-source")
          );
          if (box) {
            box.focus();
            box.select();
          }
          ui.copied = "select";
          draw2();
        };
        if (!navigator.clipboard || !navigator.clipboard.writeText) {
          select2();
          return;
        }
        navigator.clipboard.writeText(text).then(() => {
          ui.copied = "ok";
          draw2();
        }, select2);
      },
      makeLesson(hand, game) {
        ui.fromReview = false;
        ui.replayTo = null;
        ui.editorSlot = null;
        send({ type: "lesson", hand, game });
      },
      closeLesson() {
        ui.focus = TURN;
        send({ type: "lesson_close" });
      },
      closeReplay() {
        ui.fromReview = false;
        ui.replayTo = null;
        ui.focus = TURN;
        ui.waitingFor = state.v;
        send({ type: "replay_close" });
        draw2();
      }
    };
    const following = /* @__PURE__ */ new Map();
    for (const lines of app.querySelectorAll(".mus-log-lines, .mus-chat-lines")) {
      following.set(lines, lines.scrollHeight - lines.scrollTop - lines.clientHeight < 4);
    }
    draw(tableView(ctx), app);
    root.lang = model.get("language") || "en";
    root.dataset.version = String(state.v);
    root.dataset.stage = state.stage;
    for (const lines of app.querySelectorAll(".mus-log-lines, .mus-chat-lines")) {
      if (following.get(lines) !== false) lines.scrollTop = lines.scrollHeight;
      if (!following.has(lines)) requestAnimationFrame(() => {
        lines.scrollTop = lines.scrollHeight;
      });
    }
    if (focusKey && !root.contains(document.activeElement)) {
      const again = app.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      const fallback = app.querySelector(".mus-actions button:not([disabled]), .mus-count-foot button, .mus-dialog input");
      const target = again && !again.disabled ? again : fallback;
      if (target) target.focus({ preventScroll: true });
      else root.focus({ preventScroll: true });
    }
    showEditorStep();
    moveFocus(state);
  }
  function showEditorStep() {
    if (ui.editorKey === stepShown) return;
    stepShown = ui.editorKey;
    const on = (
      /** @type {HTMLElement | null} */
      app.querySelector(".mus-editor-step-on")
    );
    const list = on && /** @type {HTMLElement | null} */
    on.closest(".mus-editor-steps");
    if (!on || !list) return;
    const top = on.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + on.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + on.offsetHeight - list.clientHeight;
    }
  }
  function cancelConfirm() {
    ui.focus = `.mus-actions button[data-action="${CSS.escape(ui.confirming)}"]`;
    ui.confirming = null;
    draw2();
  }
  function moveFocus(state) {
    if (!ui.focus) return;
    const active = document.activeElement;
    const ours = !active || active === document.body || active === root || Boolean(active.closest && active.closest(".mus-turn, .mus-count-foot, .mus-hand-pick, .mus-replay, .mus-review"));
    if (!ours) {
      ui.focus = null;
      return;
    }
    let target = null;
    if (ui.focus !== TURN) {
      target = app.querySelector(ui.focus);
      if (target) ui.focus = null;
    } else if (state.turn && ui.waitingFor === null) {
      target = app.querySelector(".mus-hand-pick button, .mus-actions button:not([disabled])");
      ui.focus = null;
    } else if (state.stage === "count" && ui.waitingFor === null) {
      target = app.querySelector(".mus-count-foot button:not([disabled])");
      ui.focus = null;
    }
    if (!target) {
      if (active !== root && !root.contains(active)) root.focus({ preventScroll: true });
      return;
    }
    target.setAttribute("data-ring", "");
    target.addEventListener("blur", () => target.removeAttribute("data-ring"), { once: true });
    target.focus({ preventScroll: true });
  }
  function onState() {
    const state = model.get("state");
    const t2 = translator(model.get("messages"), model.get("language"));
    const before = shown;
    const sameHand = before && before.game === state.game && before.hand === state.hand;
    freshFrom = sameHand ? before.log.length : null;
    if (!sameHand) {
      ui.countRow = null;
      ui.newCards = null;
    }
    markNewCards(before, state, sameHand);
    ui.waitingFor = null;
    ui.faceUp = null;
    if (!state.replay || state.replay.index === ui.replayTo) ui.replayTo = null;
    const line2 = (steps) => steps && steps.branch ? steps.branch.number : -1;
    if (!state.steps || state.steps.index === ui.stepTo || line2(state.steps) !== line2(before.steps)) ui.stepTo = null;
    const said = announcement(t2, before, state);
    if (said) live.textContent = said;
    shown = state;
    draw2();
  }
  function markNewCards(before, state, sameHand) {
    const had = sameHand && before.players[before.seat].cards;
    const has = state.players[state.seat].cards;
    if (!had || !has || before.stage !== "play" || before.phase !== "discard") return;
    const served = has.filter((card) => !had.includes(card));
    if (served.length) ui.newCards = new Set(served);
  }
  function onError() {
    ui.waitingFor = null;
    ui.faceUp = null;
    ui.replayTo = null;
    ui.stepTo = null;
    const error = model.get("error");
    if (error && error.text) live.textContent = error.text;
    draw2();
  }
  root.tabIndex = -1;
  root.addEventListener("keydown", (event) => {
    const state = model.get("state");
    const steps = state && state.steps;
    const replay = state && state.replay;
    const target = event.target;
    const typing = target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.type !== "checkbox";
    const stepKeys = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if ((steps || replay) && Object.hasOwn(stepKeys, event.key) && !ui.form && !typing) {
      const from = replay ? ui.replayTo ?? replay.index : stepFrom(steps, ui);
      const to = Math.min(Math.max(from + stepKeys[event.key], 0), replay ? replay.count : steps.count);
      if (to !== from) {
        if (replay) ui.replayTo = to;
        else ui.stepTo = to;
        model.send(replay ? { type: "replay_step", to } : { type: "step", to });
        draw2();
      }
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key !== "Escape") return;
    if (ui.confirming) {
      event.stopPropagation();
      cancelConfirm();
      return;
    }
    if (ui.note !== null && !ui.senasOpen) {
      ui.note = null;
      event.stopPropagation();
      draw2();
      return;
    }
    if (ui.form) ui.form = null;
    else if (ui.senasOpen) {
      ui.senasOpen = false;
      ui.note = null;
    } else if (ui.info !== null) ui.info = null;
    else return;
    event.stopPropagation();
    draw2();
    const face3 = app.querySelector('[data-key="face"]');
    if (face3) face3.focus({ preventScroll: true });
  });
  mounted.listen({
    "change:state": onState,
    "change:error": onError,
    "change:messages": draw2,
    "change:history": draw2,
    "change:tips": draw2,
    "change:setup": draw2,
    "change:room": draw2,
    "change:decisions": draw2,
    "change:editor": draw2
  });
  shown = model.get("state");
  draw2();
  const arrived = showOnArrival(root, ".mus-widget", [".mus-bottom-area, .mus-steps", ".mus-felt", ".mus-topbar"]);
  const setup = model.get("setup");
  const every = setup && setup.here_every && !mounted.watch.frozen() ? setup.here_every * 1e3 : 0;
  const present = every > 0 ? presence(model, { every }) : () => {
  };
  return () => {
    present();
    arrived();
    mounted.unmount();
  };
}
var widget_default = { render };
export {
  widget_default as default
};
