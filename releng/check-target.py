#!/usr/bin/env python3
"""Check releng/org.perfcast.target/org.perfcast.target.target against the jars in ~/.m2: report every
non-optional Require-Bundle, Fragment-Host and Import-Package that no artifact in the target satisfies.
Exits 1 when something is unresolved or not downloaded (run the Maven build once first).

Usage: python3 releng/check-target.py"""
import re, sys, zipfile
from pathlib import Path
M2 = Path.home() / ".m2/repository"
t = Path(__file__).parent / "org.perfcast.target/org.perfcast.target.target"
gavs = re.findall(r"<groupId>(.*?)</groupId>\s*<artifactId>(.*?)</artifactId>\s*<version>(.*?)</version>", t.read_text())

def headers(jar):
    with zipfile.ZipFile(jar) as z:
        try:
            raw = z.read("META-INF/MANIFEST.MF").decode("utf-8", "replace")
        except KeyError:
            return {}
    raw = re.sub(r"\r?\n ", "", raw)
    h = {}
    for line in raw.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            h.setdefault(k.strip(), v.strip())
    return h

def split_clauses(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == '"': depth ^= 1
        if ch == "," and not depth:
            out.append(cur); cur = ""
        else:
            cur += ch
    if cur: out.append(cur)
    return [c.strip() for c in out if c.strip()]

import importlib.util
_spec = importlib.util.spec_from_file_location("g", Path(__file__).parent / "gen-target.py")
_g = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(_g)
bsns, exports, reqs, imps = {}, set(), [], []
problems = 0
for g, a, v in gavs:
    jar = M2 / g.replace(".", "/") / a / v / f"{a}-{v}.jar"
    if not jar.exists():
        print("NOT DOWNLOADED", g, a, v); problems += 1; continue
    h = headers(jar)
    bsn = h.get("Bundle-SymbolicName", "").split(";")[0].strip()
    if not bsn:
        wrapped_bsn = _g.WRAP_BSN.get(f"{g}:{a}", f"wrapped.{g}.{a}")
        print(f"wrapped (no OSGi manifest): {g}:{a}:{v} as {wrapped_bsn}")
        bsns[wrapped_bsn] = f"{g}:{a}:{v}"
        with zipfile.ZipFile(jar) as z:
            exports.update(n.rsplit("/", 1)[0].replace("/", ".") for n in z.namelist()
                           if n.endswith(".class") and "/" in n)
        continue
    bsns[bsn] = f"{g}:{a}:{v}"
    for c in split_clauses(h.get("Export-Package", "")):
        exports.add(c.split(";")[0])
    for c in split_clauses(h.get("Require-Bundle", "")):
        if "resolution:=optional" not in c:
            reqs.append((bsn, c.split(";")[0]))
    for c in split_clauses(h.get("Import-Package", "")):
        if "resolution:=optional" not in c:
            imps.append((bsn, c.split(";")[0]))
    if "Fragment-Host" in h:
        reqs.append((bsn, h["Fragment-Host"].split(";")[0]))
for who, what in reqs:
    if what not in bsns and what != "system.bundle":
        print(f"MISSING BUNDLE {what}  (required by {who})"); problems += 1
jre = ("java.", "javax.", "org.w3c.dom", "org.xml.sax", "org.ietf", "org.osgi.framework", "org.osgi.service.log",
       "org.osgi.service.packageadmin", "org.osgi.service.startlevel", "org.osgi.service.url", "org.osgi.service.condition",
       "org.osgi.util.tracker", "org.osgi.service.resolver", "org.osgi.resource", "org.osgi.dto", "org.osgi.annotation",
       "org.osgi.service.condpermadmin", "org.osgi.service.permissionadmin", "org.osgi.service.serviceloader",
       "org.osgi.util.promise", "sun.", "com.sun.", "jdk.", "org.eclipse.osgi")
for who, what in imps:
    if what not in exports and not what.startswith(jre):
        print(f"MISSING PACKAGE {what}  (imported by {who})"); problems += 1
print(f"{len(gavs)} artifacts, {len(bsns)} bundles, {problems} unresolved")
sys.exit(1 if problems else 0)
