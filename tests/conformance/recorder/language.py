"""The workload language (shared/workload-language.md, and part 2 in
workload-language-ops.md): lexing, parsing and expression evaluation.  Pure
Python, no kernel access.

A workload parses into a list of statements, each a tuple whose first item is
its kind:

    ("call", line, var, name, [arg, ...])
    ("echo", line, value_words, path)
    ("cat", line, path_word)
    ("ls", line, path_word)
    ("ip_add", line, name_word_or_None, kind_word)
    ("ip_del", line, name_word)
    ("repeat", line, expr, body)
    ("for", line, var, expr_a, expr_b, body)
    ("at", line, process, statement)        # @NAME STATEMENT (part 2)
    ("exit", line) | ("kill", line) | ("creds", line, uid_expr, gid_expr)   # only inside "at"

An expression is a nested tuple: ("num", n) | ("var", name) | ("addr", e)
(ADDR(k), the k-th successful shmat) | ("neg", e) | ("bin", op, a, b), and
("ipc_set",) (value 1) for the bare name IPC_SET as the command of msgctl,
shmctl or semctl: `msgctl(id, IPC_SET)` is IPC_STAT into the buffer, then
IPC_SET with it; the number 1 (or any other expression of value 1) keeps the
zeroed buffer.  The other call arguments of part 2 are ("str", bytes) (a
msgsnd payload), ("list", [expr]) (SETALL's values), ("sembuf", num, op,
flg, count) (semop's {num, op[, flg]} [x COUNT], flg None when omitted) and
("field", name, expr_or_None) (a buffer field to print, or name=value for
IPC_SET).  Words (names, paths, echo values) keep their `$VAR` / `${VAR}`
references and are interpolated at run time.

Values are Python ints, or Symbol for the run-dependent values that print by
name (ADDR(k), pid(NAME)): they may be stored and passed to shmdt, nothing
else.
"""

import re

from uapi import ALL_FIELDS, CONSTANTS, RESERVED


class WorkloadError(Exception):
    """A parse error or a runtime error of the workload (exit status 2)."""

    def __init__(self, kind, line, message):
        super().__init__(f"{kind} error: line {line}: {message}" if line else f"{kind} error: {message}")


def parse_error(line, message):
    return WorkloadError("parse", line, message)


def runtime_error(line, message):
    return WorkloadError("runtime", line, message)


# name -> C types of the parameters; "int?" is optional (default 0), "semarg?"
# semctl's optional union value or {list}; "fields*" any number of buffer
# fields and "sops*" any number of sembufs, always last
CALLS = {
    "msgget": ("int", "int"),
    "msgsnd": ("int", "long", "payload", "int?"),
    "msgrcv": ("int", "long", "size_t", "int?"),
    "msgctl": ("int", "int", "fields*"),
    "shmget": ("int", "size_t", "int"),
    "shmctl": ("int", "int", "fields*"),
    "shmat": ("int", "addr", "int"),
    "shmdt": ("addr",),
    "semget": ("int", "int", "int"),
    "semctl": ("int", "int", "int", "semarg?", "fields*"),
    "semop": ("int", "sops*"),
    "semtimedop": ("int", "timeout", "sops*"),
}

# the *ctl calls -> where their cmd is, the place the bare name IPC_SET means stat-then-set
CTL_CMD_ARG = {"msgctl": 1, "shmctl": 1, "semctl": 2}

SYSCTL_FILES = {
    "msgmax", "msgmnb", "msgmni", "auto_msgmni", "msg_next_id", "sem", "sem_next_id",
    "shmall", "shmmax", "shmmni", "shm_rmid_forced", "shm_next_id",
}

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
RE_CALL = re.compile(rf"^(?:({IDENT})\s*=\s*)?({IDENT})\s*\((.*)\)$", re.S)
RE_ASSIGN_LIKE = re.compile(rf"^({IDENT})\s*=")
RE_REPEAT = re.compile(r"^repeat\s+(.+)$")
RE_FOR = re.compile(rf"^for\s+(\S+)\s+in\s+(.+?)\.\.(.+)$")
RE_ALNUM = re.compile(r"[0-9A-Za-z_]+")
RE_WORD_VAR = re.compile(rf"\$\{{({IDENT})\}}|\$({IDENT})")
RE_TOKEN = re.compile(rf"\s*(?:(0[xX][0-9A-Fa-f]+)|(0[0-7]*)|([1-9][0-9]*)|({IDENT})|"
                      rf"\$\{{({IDENT})\}}|\$({IDENT})|([|+\-*()]))")


# ---------------------------------------------------------------- expressions

def parse_expr(text, line):
    """Parses an integer expression; returns its tree."""
    tokens = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = RE_TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise parse_error(line, f"trailing junk in expression '{text.strip()}'")
        hexa, octal, dec, ident, var1, var2, op = m.groups()
        if hexa:
            tokens.append(("num", int(hexa, 16)))
        elif octal:
            tokens.append(("num", int(octal, 8)))
        elif dec:
            tokens.append(("num", int(dec)))
        elif ident:
            # IPC_SET stays a name: as a *ctl command on its own it means stat-then-set
            tokens.append(("num", CONSTANTS[ident]) if ident in CONSTANTS and ident != "IPC_SET" else ("var", ident))
        elif var1 or var2:
            tokens.append(("var", var1 or var2))
        else:
            tokens.append(("op", op))
        pos = m.end()
        # a literal glued to letters or digits it cannot absorb ("08", "0x", "1a")
        if (hexa or octal or dec) and pos < len(text) and (text[pos].isalnum() or text[pos] == "_"):
            literal = hexa or octal or dec
            bad = RE_ALNUM.match(text, pos - len(literal)).group(0)
            if re.fullmatch(r"0[0-9]+", bad):
                raise parse_error(line, f"bad octal literal '{bad}'")
            raise parse_error(line, f"trailing junk in expression '{text.strip()}'")
    if not tokens:
        raise parse_error(line, "empty expression")
    tree, i = _parse_or(tokens, 0, line, text)
    if i != len(tokens):
        raise parse_error(line, f"trailing junk in expression '{text.strip()}'")
    return tree


def _parse_or(tokens, i, line, text):
    left, i = _parse_sum(tokens, i, line, text)
    while i < len(tokens) and tokens[i] == ("op", "|"):
        right, i = _parse_sum(tokens, i + 1, line, text)
        left = ("bin", "|", left, right)
    return left, i


def _parse_sum(tokens, i, line, text):
    left, i = _parse_product(tokens, i, line, text)
    while i < len(tokens) and tokens[i] in (("op", "+"), ("op", "-")):
        op = tokens[i][1]
        right, i = _parse_product(tokens, i + 1, line, text)
        left = ("bin", op, left, right)
    return left, i


def _parse_product(tokens, i, line, text):
    left, i = _parse_unary(tokens, i, line, text)
    while i < len(tokens) and tokens[i] == ("op", "*"):
        right, i = _parse_unary(tokens, i + 1, line, text)
        left = ("bin", "*", left, right)
    return left, i


def _parse_unary(tokens, i, line, text):
    if i >= len(tokens):
        raise parse_error(line, f"incomplete expression '{text.strip()}'")
    tok = tokens[i]
    if tok == ("op", "-"):
        inner, i = _parse_unary(tokens, i + 1, line, text)
        return ("neg", inner), i
    if tok == ("op", "+"):
        return _parse_unary(tokens, i + 1, line, text)
    if tok == ("op", "("):
        inner, i = _parse_or(tokens, i + 1, line, text)
        if i >= len(tokens) or tokens[i] != ("op", ")"):
            raise parse_error(line, f"missing ) in expression '{text.strip()}'")
        return inner, i + 1
    if tok == ("var", "ADDR") and tokens[i + 1:i + 2] == [("op", "(")]:
        inner, i = _parse_unary(tokens, i + 1, line, text)
        return ("addr", inner), i
    if tok[0] in ("num", "var"):
        return tok, i + 1
    raise parse_error(line, f"unexpected '{tok[1]}' in expression '{text.strip()}'")


class Symbol:
    """A run-dependent value printed by name: ADDR(k) (`owner` the process
    that attached it, `real` the address) or pid(NAME) (`owner` None, `real`
    the pid)."""
    __slots__ = ("text", "real", "owner")

    def __init__(self, text, real, owner):
        self.text, self.real, self.owner = text, real, owner

    def __repr__(self):
        return self.text


def evaluate_value(tree, env, line, addrs=()):
    """An argument's value: an int, or a Symbol when the whole expression is a
    variable holding one or ADDR(k)."""
    if tree[0] == "var" and isinstance(env.get(tree[1]), Symbol):
        return env[tree[1]]
    if tree[0] == "addr":
        k = evaluate(tree[1], env, line, addrs)
        if not 1 <= k <= len(addrs):
            raise runtime_error(line, f"ADDR({k}): there is no such attachment (yet)")
        return addrs[k - 1]
    return evaluate(tree, env, line, addrs)


def evaluate(tree, env, line, addrs=()):
    """Evaluates an expression tree on unbounded integers (a Symbol in it is a
    runtime error)."""
    kind = tree[0]
    if kind == "num":
        return tree[1]
    if kind == "ipc_set":
        return 1
    if kind == "var" and tree[1] == "IPC_SET":
        return CONSTANTS["IPC_SET"]
    if kind in ("var", "addr"):
        value = evaluate_value(tree, env, line, addrs) if kind == "addr" else env.get(tree[1])
        if kind == "var" and tree[1] not in env:
            raise runtime_error(line, f"undefined variable '{tree[1]}'")
        if isinstance(value, Symbol):
            raise runtime_error(line, f"{value.text} is symbolic: it can only be stored and passed to shmdt")
        return value
    if kind == "neg":
        return -evaluate(tree[1], env, line, addrs)
    a = evaluate(tree[2], env, line, addrs)
    b = evaluate(tree[3], env, line, addrs)
    op = tree[1]
    return a | b if op == "|" else a + b if op == "+" else a - b if op == "-" else a * b


def interpolate(word, env, line):
    """Replaces `$VAR` / `${VAR}` in a word by the variable's decimal value."""
    def value(m):
        name = m.group(1) or m.group(2)
        if name not in env:
            raise runtime_error(line, f"undefined variable '{name}'")
        if isinstance(env[name], Symbol):
            raise runtime_error(line, f"{env[name].text} is symbolic: it cannot be part of a word")
        return str(env[name])
    return RE_WORD_VAR.sub(value, word)


# ---------------------------------------------------------------- string literals

ESCAPES = {"n": 10, "t": 9, "r": 13, "v": 11, "f": 12, "a": 7, "\\": 92, '"': 34}
RE_HEX_ESCAPE = re.compile(r"[0-9A-Fa-f]{1,2}")
RE_OCTAL_ESCAPE = re.compile(r"[0-7]{1,3}")


def string_end(text, i, line):
    """The index just after the string literal that opens at text[i] == '"'."""
    j = i + 1
    while j < len(text):
        if text[j] == "\\":
            j += 2
        elif text[j] == '"':
            return j + 1
        else:
            j += 1
    raise parse_error(line, f"unterminated string {text[i:].strip()}")


def parse_string(text, line):
    """A C string literal (\\n \\t \\r \\v \\f \\a \\\\ \\" \\xHH, octal \\0..\\377) -> bytes."""
    if string_end(text, 0, line) != len(text):
        raise parse_error(line, f"bad string literal {text}")
    body, out, i = text[1:-1], bytearray(), 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode()
            i += 1
            continue
        e = body[i + 1]
        if e in ESCAPES:
            out.append(ESCAPES[e])
            i += 2
        elif e == "x":
            m = RE_HEX_ESCAPE.match(body, i + 2)
            if not m:
                raise parse_error(line, f"bad \\x escape in {text}")
            out.append(int(m.group(0), 16))
            i = m.end()
        elif e in "01234567":
            m = RE_OCTAL_ESCAPE.match(body, i + 1)
            if int(m.group(0), 8) > 255:
                raise parse_error(line, f"octal escape above \\377 in {text}")
            out.append(int(m.group(0), 8))
            i = m.end()
        else:
            raise parse_error(line, f"unknown escape \\{e} in {text}")
    return bytes(out)


# ---------------------------------------------------------------- statements

def _pieces(text):
    """Splits the workload into ("stmt", text, line), ("{", line), ("}", line).
    Inside parentheses `{`, `}` and `;` belong to the statement (sembufs,
    SETALL lists), and a string literal is one piece of text (`#`, `;`, braces
    in it are bytes)."""
    out = []
    for number, raw in enumerate(text.split("\n"), start=1):
        current = []
        in_braced_var = False
        depth = 0
        i = 0
        while i < len(raw):
            c = raw[i]
            if c == '"' and depth > 0:
                j = string_end(raw, i, number)
                current.append(raw[i:j])
                i = j
                continue
            if c == "#":
                break
            if c == "$" and raw.startswith("${", i):
                in_braced_var = True
                current.append("${")
                i += 2
                continue
            if in_braced_var:
                current.append(c)
                in_braced_var = c != "}"
            elif c in ";{}" and depth == 0:
                stmt = "".join(current).strip()
                if stmt:
                    out.append(("stmt", stmt, number))
                current = []
                if c != ";":
                    out.append((c, number))
            else:
                depth += (c == "(") - (c == ")")
                current.append(c)
            i += 1
        stmt = "".join(current).strip()
        if stmt:
            out.append(("stmt", stmt, number))
    return out


def parse_workload(text):
    """Parses a workload; returns its statement list or raises WorkloadError."""
    pieces = _pieces(text)
    body, i = _parse_block(pieces, 0, top=True)
    return body


def _innermost(stmt):
    """The statement an `@NAME` prefix wraps (itself when there is none)."""
    return stmt[3] if stmt[0] == "at" else stmt


def _parse_block(pieces, i, top):
    body = []
    while i < len(pieces):
        piece = pieces[i]
        if piece[0] == "}":
            if top:
                raise parse_error(piece[1], "unmatched }")
            return body, i + 1
        if piece[0] == "{":
            raise parse_error(piece[1], "unexpected {")
        stmt = _parse_statement(piece[1], piece[2])
        i += 1
        inner = _innermost(stmt)
        if inner[0] in ("repeat", "for"):
            if i >= len(pieces) or pieces[i][0] != "{":
                raise parse_error(piece[2], f"{inner[0]} needs a {{ block }}")
            block, i = _parse_block(pieces, i + 1, top=False)
            inner = inner + (block,)
            stmt = stmt[:3] + (inner,) if stmt[0] == "at" else inner
        body.append(stmt)
    if not top:
        raise parse_error(0, "missing }")
    return body, i


def _split_args(text, line):
    """Splits at the commas outside (), {} and string literals."""
    args, depth, current, i = [], 0, [], 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j = string_end(text, i, line)
            current.append(text[i:j])
            i = j
            continue
        if c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
            if depth < 0:
                raise parse_error(line, f"unbalanced {c}")
        if c == "," and depth == 0:
            args.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    args.append("".join(current))
    if len(args) == 1 and not args[0].strip():
        return []
    return args


RE_PROCESS = re.compile(r"^@(\S*)(?:\s+(.*))?$", re.S)
RE_PROCESS_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
RE_CREDS = re.compile(r"^creds\s+(\S+)\s+(\S+)$")


def _parse_statement(text, line):
    m = RE_PROCESS.match(text)
    if not m:
        return _parse_plain(text, line)
    proc, rest = m.group(1), (m.group(2) or "").strip()
    if not RE_PROCESS_NAME.match(proc):
        raise parse_error(line, f"bad process name @{proc} (want [a-z][a-z0-9_]*)")
    if not rest:
        raise parse_error(line, f"@{proc} needs a statement")
    if rest in ("exit", "kill"):
        if proc == "main":
            raise parse_error(line, "main can neither exit nor be killed")
        return ("at", line, proc, (rest, line))
    creds = RE_CREDS.match(rest)
    if creds:
        if proc == "main":
            raise parse_error(line, "main stays root: creds needs another process")
        return ("at", line, proc, ("creds", line, parse_expr(creds.group(1), line), parse_expr(creds.group(2), line)))
    return ("at", line, proc, _parse_plain(rest, line))


def _parse_plain(text, line):
    words = text.split()
    head = words[0]
    if head == "repeat" and RE_REPEAT.match(text):
        return ("repeat", line, parse_expr(RE_REPEAT.match(text).group(1), line))
    if head == "for" and RE_FOR.match(text):
        var, a, b = RE_FOR.match(text).groups()
        if not re.fullmatch(IDENT, var):
            raise parse_error(line, f"cannot parse statement '{text}'")
        if var in RESERVED:
            raise parse_error(line, f"cannot use constant {var} as loop variable")
        return ("for", line, var, parse_expr(a, line), parse_expr(b, line))
    if head == "echo" or head.startswith("echo>"):
        return _parse_echo(text, line)
    if head == "cat" and len(words) == 2:
        return ("cat", line, words[1])
    if head == "ls" and len(words) == 3 and words[1] == "-U":
        return ("ls", line, words[2])
    if head == "ip":
        return _parse_ip(words, text, line)
    m = RE_CALL.match(text)
    if m:
        var, name, args = m.groups()
        if name not in CALLS:
            raise parse_error(line, f"unknown call '{name}'")
        if var in RESERVED:
            raise parse_error(line, f"cannot assign to constant {var}")
        return ("call", line, var, name, _parse_args(name, _split_args(args, line), line))
    raise parse_error(line, f"cannot parse statement '{text}'")


RE_SEMBUF = re.compile(r"^\{(.*)\}(?:\s*x\s*(\S.*))?$", re.S)
RE_FIELD = re.compile(r"^([a-z_][a-z0-9_]*)\s*(?:=\s*(\S.*))?$", re.S)


def _is_field(text):
    m = RE_FIELD.match(text.strip())
    return bool(m) and (m.group(2) is not None or m.group(1) in ALL_FIELDS)


def _parse_args(name, texts, line):
    """The argument trees of a call, checked against its parameter kinds."""
    params = CALLS[name]
    fixed = [p for p in params if not p.endswith(("?", "*"))]
    optional = [p for p in params if p.endswith("?")]
    rest_kind = params[-1] if params[-1].endswith("*") else None
    if len(texts) < len(fixed) or (rest_kind is None and len(texts) > len(fixed) + len(optional)):
        if rest_kind is None:
            raise parse_error(line, f"{name} takes {len(fixed)}..{len(fixed) + len(optional)} arguments, got {len(texts)}")
        raise parse_error(line, f"{name} takes at least {len(fixed)} arguments, got {len(texts)}")
    trees = [_parse_arg(kind, t, line) for kind, t in zip(fixed, texts)]
    rest = texts[len(fixed):]
    if name in CTL_CMD_ARG and trees[CTL_CMD_ARG[name]] == ("var", "IPC_SET"):
        trees[CTL_CMD_ARG[name]] = ("ipc_set",)   # IPC_STAT, then IPC_SET with the same buffer
    if name == "semctl":
        has_value = bool(rest) and not _is_field(rest[0])
        trees.append(_parse_arg("semarg", rest[0], line) if has_value else None)
        rest = rest[1:] if has_value else rest
    elif optional:
        trees += [_parse_arg(optional[0][:-1], t, line) for t in rest]
        rest = []
    if rest_kind == "fields*":
        trees.append([_parse_field(t, line) for t in rest])
    elif rest_kind == "sops*":
        trees.append([_parse_sembuf(t, line) for t in rest])
    return trees


def _parse_arg(kind, text, line):
    text = text.strip()
    if text.startswith('"'):
        if kind != "payload":
            raise parse_error(line, f"a string is only allowed as msgsnd's message: {text}")
        return ("str", parse_string(text, line))
    if text.startswith("{"):
        if kind != "semarg" or not text.endswith("}"):
            raise parse_error(line, f"a {{list}} is only allowed as semctl's 4th argument or as a sembuf: {text}")
        inner = text[1:-1]
        return ("list", [parse_expr(e, line) for e in _split_args(inner, line)] if inner.strip() else [])
    return parse_expr(text, line)


def _parse_sembuf(text, line):
    m = RE_SEMBUF.match(text.strip())
    if not m:
        raise parse_error(line, f"expected a sembuf {{num, op[, flg]}} [x COUNT], got '{text.strip()}'")
    fields = _split_args(m.group(1), line)
    if len(fields) not in (2, 3):
        raise parse_error(line, f"a sembuf has 2 or 3 fields: '{text.strip()}'")
    num, op = parse_expr(fields[0], line), parse_expr(fields[1], line)
    flg = parse_expr(fields[2], line) if len(fields) == 3 else None
    count = parse_expr(m.group(2), line) if m.group(2) else None
    return ("sembuf", num, op, flg, count)


def _parse_field(text, line):
    m = RE_FIELD.match(text.strip())
    if not m or m.group(1) not in ALL_FIELDS:
        raise parse_error(line, f"unknown buffer field '{text.strip()}'")
    return ("field", m.group(1), parse_expr(m.group(2), line) if m.group(2) is not None else None)


def _parse_echo(text, line):
    rest = text[4:]
    if ">" not in rest:
        raise parse_error(line, f"cannot parse statement '{text}'")
    value, _, path = rest.rpartition(">")
    path = path.strip()
    if not path or len(path.split()) != 1:
        raise parse_error(line, f"cannot parse statement '{text}'")
    if "$" in path:
        raise parse_error(line, "variable in sysctl path not allowed")
    if not sysctl_allowed(path):
        raise parse_error(line, f"refusing to write {path}: it is not an IPC-namespaced sysctl")
    return ("echo", line, value.split(), path)


def sysctl_allowed(path):
    """Only sysctls that a fresh IPC (or network) namespace isolates may be written."""
    parts = path.split("/")
    if any(p in ("", ".", "..") for p in parts[1:]) or parts[0] != "":
        return False
    if len(parts) == 5 and parts[1:4] == ["proc", "sys", "kernel"]:
        return parts[4] in SYSCTL_FILES
    if len(parts) == 6 and parts[1:5] == ["proc", "sys", "fs", "mqueue"]:
        return True
    return len(parts) >= 5 and parts[1:4] == ["proc", "sys", "net"]


def _parse_ip(words, text, line):
    args = words[1:]
    if len(args) >= 2 and args[0] == "link" and args[1] == "add":
        rest = args[2:]
        if rest[:1] == ["name"] and len(rest) == 4 and rest[2] == "type":
            return ("ip_add", line, rest[1], rest[3])
        if len(rest) == 3 and rest[1] == "type":
            return ("ip_add", line, rest[0], rest[2])
        if len(rest) == 2 and rest[0] == "type":
            return ("ip_add", line, None, rest[1])
    if len(args) >= 2 and args[0] == "link" and args[1] in ("del", "delete"):
        rest = args[2:]
        if rest[:1] == ["dev"]:
            rest = rest[1:]
        if len(rest) == 1:
            return ("ip_del", line, rest[0])
    raise parse_error(line, f"unsupported ip command '{' '.join(words)}'")


def needs_netns(statements):
    """True when the workload touches the network namespace (ip lines, /net paths)."""
    for stmt in statements:
        stmt = _innermost(stmt)
        kind = stmt[0]
        if kind in ("ip_add", "ip_del"):
            return True
        if kind in ("cat", "ls") and "/net" in stmt[2]:
            return True
        if kind == "echo" and "/net" in stmt[3]:
            return True
        if kind in ("repeat", "for") and needs_netns(stmt[-1]):
            return True
    return False


def uses_processes(statements):
    """True for a multi-process workload: any `@NAME` prefix, `@main` included."""
    for stmt in statements:
        if stmt[0] == "at":
            return True
        if stmt[0] in ("repeat", "for") and uses_processes(stmt[-1]):
            return True
    return False
