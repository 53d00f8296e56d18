"""Adds version ranges to the Require-Bundle clauses of bundles/*/META-INF/MANIFEST.MF that have none (Perfcast's own
[BUNDLE-VERSION,1.0.0), others from the version the target platform resolves to the next major), the bundle's
version to its Export-Package clauses and 0.0.0 to its Import-Package clauses of the JRE's packages. Usage: python3 releng/version-ranges.py . (run after adding a bundle or
a requirement; tests/launcher/launcher-tests.sh checks that none is missing)."""
import glob, os, re, sys, zipfile
root = sys.argv[1]
m2 = os.path.expanduser('~/.m2/repository')
target = open(os.path.join(root, 'releng/org.perfcast.target/org.perfcast.target.target')).read()
versions = {}
maven = {}
for g, a, v in re.findall(r'<groupId>(.*?)</groupId>\s*<artifactId>(.*?)</artifactId>\s*<version>(.*?)</version>', target):
    maven[a] = v
for g, a, v in re.findall(r'<groupId>(.*?)</groupId>\s*<artifactId>(.*?)</artifactId>\s*<version>(.*?)</version>', target):
    jar = os.path.join(m2, g.replace('.', '/'), a, v, f'{a}-{v}.jar')
    if not os.path.exists(jar):
        continue
    try:
        mf = zipfile.ZipFile(jar).read('META-INF/MANIFEST.MF').decode('utf-8', 'replace')
    except KeyError:
        continue
    mf = re.sub(r'\r?\n ', '', mf)
    bsn = re.search(r'^Bundle-SymbolicName:\s*([^;\s]+)', mf, re.M)
    bv = re.search(r'^Bundle-Version:\s*(\S+)', mf, re.M)
    if bsn and bv:
        versions[bsn.group(1)] = bv.group(1)
def rng(v):
    parts = (v.split('.') + ['0', '0'])[:3]
    major, minor = int(parts[0]), int(re.match(r'\d+', parts[1]).group())
    return f'[{major}.{minor}.0,{major + 1}.0.0)'
def split_clauses(value):
    out, depth, cur = [], 0, ''
    for ch in value:
        if ch == '"':
            depth ^= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip()); cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out
missing = set()
for path in sorted(glob.glob(os.path.join(root, 'bundles/*/META-INF/MANIFEST.MF'))):
    text = open(path).read()
    own = re.search(r'^Bundle-Version:\s*(\S+)', text, re.M).group(1).replace('.qualifier', '')
    lines = text.split('\n')
    headers, order = {}, []
    cur = None
    for line in lines:
        if line.startswith(' ') and cur:
            headers[cur] += line[1:]
        elif ':' in line:
            cur, val = line.split(':', 1)
            headers[cur] = val.strip(); order.append(cur)
    def fix(name, fn):
        if name in headers:
            headers[name] = ',\n '.join(fn(c) for c in split_clauses(headers[name]))
    def req(c):
        if 'bundle-version' in c:
            return c
        name = c.split(';')[0]
        if name.startswith('org.perfcast.'):
            v = f'[{own},1.0.0)'
        elif name in versions:
            v = rng(versions[name])
        elif name in maven:
            v = rng(maven[name])
        else:
            missing.add(name); return c
        return f'{c};bundle-version="{v}"'
    def exp(c):
        return c if 'version=' in c else f'{c.split(";")[0]};version="{own}"' + c[len(c.split(";")[0]):]
    def imp(c):
        if 'version=' in c:
            return c
        name = c.split(';')[0]
        if name.startswith('org.xml.') or name.startswith('javax.') or name.startswith('org.w3c.'):
            return f'{c};version="0.0.0"'  # the JRE's packages: the system bundle exports them at 0.0.0
        missing.add('package ' + name); return c
    fix('Require-Bundle', req); fix('Export-Package', exp); fix('Import-Package', imp)
    out = []
    for h in order:
        out.append(f'{h}: {headers[h]}' if h in headers and headers[h] != '' else f'{h}:')
    result = '\n'.join(out).rstrip('\n') + '\n'
    result = result.replace('\n:', '\n')
    open(path, 'w').write(result)
print('no version known for:', sorted(missing))
