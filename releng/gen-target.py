#!/usr/bin/env python3
"""Regenerate releng/org.perfcast.target/org.perfcast.target.target: Perfcast's target platform,
made only of Maven Central artifacts, one pinned version per artifact.

Tycho's Maven location with includeDependencyDepth="infinite" walks the POMs per root and keeps the
first version it meets, so different roots bring different versions of the same bundle. This script
walks the same graph (compile + runtime scope, non-optional), takes the newest version on Central for
Eclipse groups (the latest release train) and the newest referenced version for everything else, and
writes every artifact explicitly with includeDependencyDepth="none".

Usage:  python3 releng/gen-target.py            rewrite the target file
        python3 releng/gen-target.py --print    print it instead
Then:   python3 releng/check-target.py          report unresolved requirements
"""
import re
import sys
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

CENTRAL = "https://repo.maven.apache.org/maven2"
HERE = Path(__file__).resolve().parent
CACHE = HERE / ".pomcache"
M2 = Path.home() / ".m2" / "repository"
NS = {"m": "http://maven.apache.org/POM/4.0.0"}
TARGET = HERE / "org.perfcast.target" / "org.perfcast.target.target"

# Roots. Eclipse groups (LATEST_GROUPS) float to the newest version on Central whatever is written
# here; other roots are pinned as written.
ECLIPSE_ROOTS = [
    # workbench, resources, jobs, launching
    "org.eclipse.platform:org.eclipse.core.runtime:3.35.0",
    "org.eclipse.platform:org.eclipse.core.resources:3.24.100",
    "org.eclipse.platform:org.eclipse.core.jobs:3.15.900",
    "org.eclipse.platform:org.eclipse.ui:3.209.0",
    "org.eclipse.platform:org.eclipse.ui.ide:3.23.100",
    "org.eclipse.platform:org.eclipse.ui.workbench:3.139.0",
    "org.eclipse.platform:org.eclipse.jface:3.40.0",
    "org.eclipse.platform:org.eclipse.ui.views:3.13.100",
    "org.eclipse.platform:org.eclipse.debug.core:3.23.300",
    "org.eclipse.platform:org.eclipse.debug.ui:3.21.0",
    # text editors, forms, properties, data binding
    "org.eclipse.platform:org.eclipse.jface.text:3.31.100",
    "org.eclipse.platform:org.eclipse.ui.editors:3.22.0",
    "org.eclipse.platform:org.eclipse.ui.workbench.texteditor:3.20.100",
    "org.eclipse.platform:org.eclipse.ui.forms:3.14.100",
    "org.eclipse.platform:org.eclipse.ui.views.properties.tabbed:3.11.0",
    "org.eclipse.platform:org.eclipse.core.databinding:1.13.700",
    "org.eclipse.platform:org.eclipse.jface.databinding:1.16.0",
    # JDT
    "org.eclipse.jdt:org.eclipse.jdt.core:3.47.0",
    "org.eclipse.jdt:org.eclipse.jdt.ui:3.38.0",
    "org.eclipse.jdt:org.eclipse.jdt.launching:3.24.200",
    "org.eclipse.jdt:org.eclipse.jdt.debug.ui:3.15.400",
    "org.eclipse.jdt:org.eclipse.jdt.annotation:2.4.100",  # null annotations of the engines' API (compile time)
    # EMF
    "org.eclipse.emf:org.eclipse.emf.ecore:2.43.0",
    "org.eclipse.emf:org.eclipse.emf.ecore.xmi:2.41.0",
    "org.eclipse.emf:org.eclipse.emf.edit:2.23.0",
    "org.eclipse.emf:org.eclipse.emf.ecore.change:2.18.0",
    "org.eclipse.emf:org.eclipse.emf.codegen.ecore:2.46.0",
    # charts
    "org.eclipse.swtchart:org.eclipse.swtchart:1.1.0",
    # SWT natives, SVG images (jface needs the capability eclipse.swt;image.format=svg)
    "org.eclipse.platform:org.eclipse.swt:3.135.0",
    "org.eclipse.platform:org.eclipse.swt.gtk.linux.x86_64:3.135.0",
    "org.eclipse.platform:org.eclipse.swt.svg:3.133.0",
    "org.apache.aries.spifly:org.apache.aries.spifly.dynamic.bundle:1.3.7",  # serviceloader extender for jsvg
    "org.ow2.asm:asm:9.11.1", "org.ow2.asm:asm-commons:9.11.1", "org.ow2.asm:asm-util:9.11.1",
    # runtime-only bundles no POM declares (OSGi capabilities and services) but a running IDE needs
    "org.apache.felix:org.apache.felix.scr:2.2.18",
    "org.osgi:org.osgi.service.component:1.5.1",
    "org.osgi:org.osgi.util.promise:1.3.0",
    "org.osgi:org.osgi.util.function:1.2.0",
    "org.eclipse.platform:org.eclipse.equinox.event:1.7.300",
    "org.eclipse.platform:org.eclipse.ui.ide.application:1.6.100",
    "org.eclipse.platform:org.eclipse.platform:4.39.0",
    "org.eclipse.platform:org.eclipse.ui.themes:1.3.0",
    "org.eclipse.platform:org.eclipse.e4.ui.css.swt.theme:0.15.100",
    "org.eclipse.platform:org.eclipse.e4.ui.workbench.addons.swt:1.6.100",
    "org.eclipse.platform:org.eclipse.ui.navigator.resources:3.10.100",
    "org.eclipse.platform:org.eclipse.ui.console:3.17.0",
    "org.eclipse.platform:org.eclipse.ui.views.log:1.5.100",
    "org.eclipse.platform:org.eclipse.ui.monitoring:1.4.0",  # UI freeze detection (the freeze test enables it)
    "org.eclipse.platform:org.eclipse.equinox.simpleconfigurator:1.5.700",
    "org.eclipse.platform:org.eclipse.equinox.launcher:1.8.0",
    "org.eclipse.platform:org.eclipse.equinox.launcher.gtk.linux.x86_64:1.2.1600",
]
JUNIT_ROOTS = [
    "org.junit.jupiter:junit-jupiter-api:5.14.4",
    "org.junit.jupiter:junit-jupiter-engine:5.14.4",
    "org.junit.jupiter:junit-jupiter-params:5.14.4",
    "org.junit.platform:junit-platform-launcher:1.14.4",
    "org.junit.platform:junit-platform-suite:1.14.4",
]
# The diagram editors: Eclipse GLSP's Java server (its jars on Central carry no OSGi manifest, so they get
# bnd instructions below) and ELK's layered layout. Both POMs leave out what their code uses: log4j-api
# (GLSP) and Xtend's runtime library (ELK's layered algorithm).
GLSP_ROOTS = [
    "org.eclipse.glsp:org.eclipse.glsp.server:2.3.0",
    "org.apache.logging.log4j:log4j-api:2.24.2",
    "org.eclipse.elk:org.eclipse.elk.alg.layered:0.12.1",
    "org.eclipse.xtext:org.eclipse.xtext.xbase.lib:2.44.0",
    # pinned: open ranges in these POMs resolve to bogus versions (guava r09, commons-cli 20040117)
    "com.google.guava:guava:33.7.2-jre",
    "commons-cli:commons-cli:1.9.0",
]
# Compile-time annotation jars that guava's POM lists; nothing needs them at run time.
GLSP_EXCLUDE = {"com.google.code.findbugs:jsr305", "org.checkerframework:checker-qual",
                "com.google.j2objc:j2objc-annotations", "com.google.errorprone:error_prone_annotations",
                "com.google.guava:listenablefuture", "org.jspecify:jspecify"}
# GLSP jars wrapped as bundles: symbolic name, mandatory imports (p2 follows only those into a product).
GLSP_WRAP = {
    "org.eclipse.glsp:org.eclipse.glsp.graph": ("org.eclipse.glsp.graph",
        "org.eclipse.emf.*,com.google.gson.*,*;resolution:=optional"),
    "org.eclipse.glsp:org.eclipse.glsp.server": ("org.eclipse.glsp.server",
        "org.eclipse.glsp.graph.*,org.eclipse.emf.*,com.google.inject.*,com.google.gson.*,org.eclipse.lsp4j.*,"
        "org.apache.logging.log4j.core.*;resolution:=optional,org.apache.logging.log4j.*,jakarta.inject,*;resolution:=optional"),
}
# Plain jars that Eclipse bundles require by their Orbit symbolic name; Tycho would wrap them as
# "wrapped.<g>.<a>", so they get explicit bnd instructions.
WRAP_BSN = {
    "org.apache.xmlgraphics:batik-css": "org.apache.batik.css",
    "org.apache.xmlgraphics:batik-util": "org.apache.batik.util",
    "org.apache.xmlgraphics:batik-i18n": "org.apache.batik.i18n",
    "org.apache.xmlgraphics:batik-constants": "org.apache.batik.constants",
    "org.apache.xmlgraphics:batik-shared-resources": "org.apache.batik.shared.resources",
    "org.apache.xmlgraphics:xmlgraphics-commons": "org.apache.xmlgraphics",
    "xml-apis:xml-apis-ext": "org.w3c.css.sac",
}
# Mandatory inter-jar imports: p2 does not follow optional ones, so a product would miss batik-i18n.
WRAP_IMPORTS = "org.apache.batik.*,org.apache.xmlgraphics.*,org.w3c.css.sac.*,*;resolution:=optional"
EXCLUDE = {
    "org.osgi:osgi.annotation",
    "org.codehaus.mojo:animal-sniffer-annotations",
}
LATEST_GROUPS = {"org.eclipse.platform", "org.eclipse.jdt", "org.eclipse.emf"}


def vkey(v):
    parts = re.split(r"[.\-]", v)
    out = []
    for p in parts:
        out.append((0, int(p), "") if p.isdigit() else (1, 0, p))
    return out


def fetch_pom(g, a, v):
    rel = f"{g.replace('.', '/')}/{a}/{v}/{a}-{v}.pom"
    for base in (M2, CACHE):
        p = base / rel
        if p.exists():
            return p.read_bytes()
    url = f"{CENTRAL}/{rel}"
    try:
        data = urllib.request.urlopen(url, timeout=60).read()
    except Exception as e:
        raise SystemExit(f"cannot fetch {url}: {e}")
    p = CACHE / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data)
    return data


_models = {}


def model(g, a, v):
    """Return (properties, managed{ga:version}, deps[(g,a,v,scope,optional,type)])."""
    key = (g, a, v)
    if key in _models:
        return _models[key]
    root = ET.fromstring(fetch_pom(g, a, v))
    for el in root.iter():  # some POMs (e.g. BouncyCastle) have no xmlns -> normalise
        if isinstance(el.tag, str) and not el.tag.startswith("{"):
            el.tag = "{http://maven.apache.org/POM/4.0.0}" + el.tag

    def t(el, name):
        x = el.find(f"m:{name}", NS)
        return x.text.strip() if x is not None and x.text else None

    props, managed = {}, {}
    parent = root.find("m:parent", NS)
    if parent is not None:
        pp, pm, _ = model(t(parent, "groupId"), t(parent, "artifactId"), t(parent, "version"))
        props.update(pp)
        managed.update(pm)
    props.update({"project.version": v, "project.groupId": g, "version": v})
    pe = root.find("m:properties", NS)
    if pe is not None:
        for c in pe:
            props[c.tag.split("}")[1]] = (c.text or "").strip()

    def interp(s):
        for _ in range(5):
            if s and "${" in s:
                s = re.sub(r"\$\{([^}]+)\}", lambda m: props.get(m.group(1), m.group(0)), s)
        return s

    for d in root.findall("m:dependencyManagement/m:dependencies/m:dependency", NS):
        managed[f"{interp(t(d, 'groupId'))}:{interp(t(d, 'artifactId'))}"] = interp(t(d, "version"))
    deps = []
    for d in root.findall("m:dependencies/m:dependency", NS):  # profiles ignored on purpose
        dg, da = interp(t(d, "groupId")), interp(t(d, "artifactId"))
        dv = interp(t(d, "version")) or managed.get(f"{dg}:{da}")
        deps.append((dg, da, dv, t(d, "scope") or "compile", (t(d, "optional") or "false") == "true",
                     t(d, "type") or "jar"))
    _models[key] = (props, managed, deps)
    return _models[key]


def parse_range(r):
    lo, hi = r[1:-1].split(",")
    return (lo.strip() or None, r[0] == "[", hi.strip() or None, r[-1] == "]")


def in_range(v, rng):
    lo, loinc, hi, hiinc = rng
    k = vkey(v)
    if lo and (k < vkey(lo) or (k == vkey(lo) and not loinc)):
        return False
    if hi and (k > vkey(hi) or (k == vkey(hi) and not hiinc)):
        return False
    return True


_meta = {}


def resolve_range(ga, r):
    """Old Eclipse POMs (2021/2022) use ranges like [3.15.0,4.0.0); Maven/Tycho resolve them
    to the HIGHEST version on Central, i.e. they float to the latest release.  We only use that
    when nothing else in the graph pins the artifact."""
    if ga not in _meta:
        g, a = ga.split(":")
        url = f"{CENTRAL}/{g.replace('.', '/')}/{a}/maven-metadata.xml"
        xml = urllib.request.urlopen(url, timeout=60).read().decode()
        _meta[ga] = re.findall(r"<version>([^<]+)</version>", xml)
    rng = parse_range(r)
    ok = [v for v in _meta[ga] if in_range(v, rng) and not re.search(r"(?i)(alpha|beta|rc|m\d|snapshot)", v)]
    return max(ok, key=vkey) if ok else None




def latest(ga):
    return resolve_range(ga, "[0,)")


def closure(roots, latest_groups=None, exclude=frozenset(), pin_roots=False):
    latest_groups = LATEST_GROUPS if latest_groups is None else latest_groups
    pinned = {":".join(r.split(":")[:2]) for r in roots} if pin_roots else set()
    chosen = {}
    for r in roots:
        g, a, v = r.split(":")
        chosen[f"{g}:{a}"] = v
    while True:
        seen = {}  # ga -> set(versions)
        ranged = {}
        queue = [(ga, v) for ga, v in chosen.items()]
        visited = set()
        while queue:
            ga, v = queue.pop()
            v = chosen.get(ga, v)
            if (ga, v) in visited:
                continue
            visited.add((ga, v))
            g, a = ga.split(":")
            _, _, deps = model(g, a, v)
            for dg, da, dv, scope, optional, typ in deps:
                dga = f"{dg}:{da}"
                if optional or scope not in ("compile", "runtime") or typ != "jar" or dga in EXCLUDE or dga in exclude:
                    continue
                if "${" in dga:
                    # e.g. SWT <= 2024-12 POMs: org.eclipse.swt.${osgi.platform}, a property only set by
                    # OS-activated <profiles>; the native fragment is listed explicitly as a root instead
                    print(f"INFO: skipping unresolvable {dga} (from {ga}:{v})", file=sys.stderr)
                    continue
                if dv and dv[0] in "[(":
                    ranged.setdefault(dga, set()).add(dv)
                    if dga in chosen:
                        dv = chosen[dga]
                    else:
                        dv = resolve_range(dga, dv)
                        print(f"INFO: range {ga}:{v} -> {dga} resolved to {dv}", file=sys.stderr)
                if not dv:
                    print(f"WARN: no version for {dga} (from {ga}:{v})", file=sys.stderr)
                    continue
                seen.setdefault(dga, set()).add(dv)
                queue.append((dga, dv))
        new = dict(chosen)
        for dga, vs in seen.items():
            if dga.split(":")[0] in latest_groups:
                # Eclipse POMs reference the version that was current when *that* bundle was last
                # built; bundles that did not change in later releases keep stale references
                # (e.g. e4.ui.di 1.5.700 -> e4.core.di.extensions.supplier 0.17.900, which needs
                # jakarta.annotation [2,3) while the rest of the platform moved to 3.0).  The
                # latest release train = newest version of every Eclipse artifact on Central.
                new[dga] = latest(dga)
                continue
            if dga in pinned:
                continue
            best = max(vs | ({chosen[dga]} if dga in chosen else set()), key=vkey)
            new[dga] = best
        if new == chosen:
            return chosen, seen
        chosen = new


def dep_xml(ga, v, indent="\t\t\t\t"):
    g, a = ga.split(":")
    return (f"{indent}<dependency>\n{indent}\t<groupId>{g}</groupId>\n{indent}\t<artifactId>{a}</artifactId>\n"
            f"{indent}\t<version>{v}</version>\n{indent}\t<type>jar</type>\n{indent}</dependency>")


def location(label, chosen, instructions=""):
    body = "\n".join(dep_xml(ga, chosen[ga]) for ga in sorted(chosen))
    return (f'\t\t<!-- {label}: {len(chosen)} artifacts, generated by releng/gen-target.py -->\n'
            f'\t\t<location type="Maven" label="{label}" includeDependencyDepth="none" '
            f'includeDependencyScopes="compile" includeSource="false" missingManifest="generate">\n'
            f"\t\t\t<dependencies>\n{body}\n\t\t\t</dependencies>\n{instructions}\t\t</location>")


def wrap_instructions(wrapped, names=None):
    out = ""
    for ga in sorted(wrapped):
        bsn, imports = (names or {ga: (WRAP_BSN[ga], WRAP_IMPORTS)})[ga]
        g, a = ga.split(":")
        body = f"""Bundle-Name: ${{mvnArtifactId}} (wrapped from Maven Central ${{mvnGroupId}}:${{mvnArtifactId}}:${{mvnVersion}})
Bundle-SymbolicName: {bsn}
version: ${{generatedOSGiVersion}}
Bundle-Version: ${{version}}
Import-Package: {imports}
Export-Package: *;version="${{version}}";-noimport:=true
"""
        # NOTE: Tycho 5.0.x looks instructions up with the key "groupId:artifactId:CLASSIFIER:version"
        # and an unclassified Aether artifact has classifier "" -> Tycho only matches "g:a::v" (double
        # colon) and silently ignores "g:a:v".  m2e/PDE (the IDE) skips a blank classifier and only
        # matches "g:a:v".  Emitting both keeps the target usable in the IDE *and* on the CLI.
        for ref in (f"{g}:{a}:{wrapped[ga]}", f"{g}:{a}::{wrapped[ga]}"):
            out += f'\t\t\t<instructions reference="{ref}"><![CDATA[\n{body}]]></instructions>\n'
    return out




def render():
    eclipse, seen = closure(ECLIPSE_ROOTS)
    junit, _ = closure(JUNIT_ROOTS)
    for ga in junit:
        eclipse.pop(ga, None)
    wrapped = {ga: eclipse.pop(ga) for ga in list(eclipse) if ga in WRAP_BSN}
    glsp, _ = closure(GLSP_ROOTS, latest_groups=set(), exclude=GLSP_EXCLUDE, pin_roots=True)
    for ga in list(glsp):
        if ga in eclipse or ga in wrapped or ga in junit:
            glsp.pop(ga)
    print(f"{len(eclipse)} platform artifacts, {len(wrapped)} wrapped, {len(junit)} JUnit", file=sys.stderr)
    for ga, vs in sorted(seen.items()):
        if len(vs) > 1:
            print(f"  {ga}: {' '.join(sorted(vs, key=vkey))} -> {eclipse.get(ga, junit.get(ga))}", file=sys.stderr)
    return f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?pde version="3.8"?>
<!-- Perfcast target platform: Maven Central only, one version per artifact.
     GENERATED by releng/gen-target.py: edit the roots there, never this file. -->
<target name="org.perfcast.target" sequenceNumber="1">
\t<locations>
{location("Eclipse Platform, JDT, EMF, SWTChart (Maven Central)", eclipse)}
{location("Plain jars wrapped with Orbit names", wrapped, wrap_instructions(wrapped))}
{location("GLSP server, ELK layout (Maven Central)", glsp, wrap_instructions({ga: glsp[ga] for ga in GLSP_WRAP}, GLSP_WRAP))}
{location("JUnit 5 (Maven Central)", junit)}
\t</locations>
\t<targetJRE path="org.eclipse.jdt.launching.JRE_CONTAINER/org.eclipse.jdt.internal.debug.ui.launcher.StandardVMType/JavaSE-21"/>
</target>
"""


def main():
    text = render()
    if "--print" in sys.argv[1:]:
        sys.stdout.write(text)
    else:
        TARGET.write_text(text)
        print(f"wrote {TARGET.relative_to(HERE.parent)}", file=sys.stderr)


if __name__ == "__main__":
    main()
