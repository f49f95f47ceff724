#!/usr/bin/env python3
"""No circle among the library's files: exits 1, naming them, if some files use each other in a ring.

A file uses another when its code (not its unit tests, after `#[cfg(test)]`) names a path into
it: `crate::a::b::Item` is a use of the deepest file among `a`, `a/b`; `super::` and `self::`
count from the file's own module; and a `mod.rs` (or `lib.rs`) that names `child::` uses that
child. A folder's `mod.rs` may use its own children (it declares them, re-exports them and picks
among them): those uses are left out, every other counts. `src/main.rs` and `src/cli/`, the
binary, are not part of the library. Usage: `.ci/circles.py [SRC]`.
"""
import os
import re
import sys


def module_files(root):
    """Each library module's path (a tuple of names) and its file."""
    files = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if not name.endswith('.rs'):
                continue
            path = os.path.join(folder, name)
            module = os.path.relpath(path, root)[:-3].split(os.sep)
            if module[-1] in ('mod', 'lib', 'main'):
                module = module[:-1]
            if module[:1] == ['cli'] or name == 'main.rs' and not module:
                continue
            files[tuple(module)] = path
    return files


def code_of(path):
    """The file's code: comments, strings and unit tests left out."""
    text = open(path, encoding='utf-8').read()
    text = re.sub(r'//[^\n]*', '', text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    tests = text.find('#[cfg(test)]')
    return text if tests < 0 else text[:tests]


def paths_at(text, start, prefix, found):
    """The paths of the use tree (or path) at `text[start:]` after `prefix`; returns the end."""
    path = list(prefix)
    index = start
    while True:
        rest = text[index:]
        if rest.lstrip().startswith('{'):
            index = text.index('{', index) + 1
            while True:
                index = paths_at(text, index, path, found)
                separator = re.match(r'\s*,\s*', text[index:])
                if separator:
                    index += separator.end()
                if text[index:].lstrip().startswith('}'):
                    return text.index('}', index) + 1
        name = re.match(r'\s*([A-Za-z_][A-Za-z0-9_]*|\*)\s*', rest)
        if not name:
            found.append(path)
            return index
        path = path + [name.group(1)]
        index += name.end()
        if text[index:].startswith('::'):
            index += 2
            continue
        found.append(path)
        return index


def file_named(files, module, path):
    """The deepest file a path names, from the module `module`."""
    if path[0] == 'crate':
        base, path = (), path[1:]
    else:
        base = module
        while path and path[0] in ('super', 'self'):
            base = base[:-1] if path[0] == 'super' else base
            path = path[1:]
    deepest = base if base in files else None
    for name in path:
        base = base + (name,)
        if base not in files:
            break
        deepest = base
    return deepest


def uses(files):
    """Each file's uses of other files, a folder's `mod.rs` using its own children left out."""
    graph = {}
    for module, path in files.items():
        code = code_of(path)
        used = set()
        children = re.findall(r'^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+(\w+)\s*;', code, re.M)
        for start in re.finditer(r'\b(crate|super|self)::', code):
            found = []
            paths_at(code, start.end(), [start.group(1)], found)
            for named in found:
                target = file_named(files, module, named)
                if target not in (None, (), module):
                    used.add(target)
        used -= {module + (child,) for child in children}
        graph[module] = used
    return graph


def circles(graph):
    """The strongly connected components of more than one file (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    sys.setrecursionlimit(10_000)

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in graph:
        if node not in index:
            visit(node)
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else 'src'
    found = circles(uses(module_files(root)))
    for component in found:
        names = sorted('/'.join(module) for module in component)
        print(f'{len(names)} files use each other in a circle: {" ".join(names)}')
    print(f'{len(found)} circles among the files of {root}')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
