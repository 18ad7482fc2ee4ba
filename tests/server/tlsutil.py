"""tlsutil.py: what the fake servers (fake_search.py, fake_mcp.py) share:
a throw-away test CA and leaf certificate made with the openssl CLI, and
the plain-plus-HTTPS pair of loopback listeners with their port files.
"""
import os
import signal
import ssl
import subprocess
import sys
import threading
import time


def make_cert(d, prefix, names, label):
    """Test CA (DIR/ca.pem) and a leaf for names and 127.0.0.1 (EC P-256,
    2 days), files named after prefix; returns (leaf cert, leaf key)."""
    cnf = os.path.join(d, prefix + ".cnf")
    with open(cnf, "w") as f:
        f.write("[req]\ndistinguished_name=dn\n[dn]\n[ext]\n"
                "basicConstraints=CA:FALSE\nsubjectAltName=" +
                ",".join("DNS:" + n for n in names) + ",IP:127.0.0.1\n")

    def run(*a):
        subprocess.run(a, check=True, capture_output=True)
    ca_key, ca = os.path.join(d, prefix + "-ca.key"), os.path.join(d, "ca.pem")
    key = os.path.join(d, prefix + ".key")
    csr = os.path.join(d, prefix + ".csr")
    crt = os.path.join(d, prefix + ".pem")
    run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
        "ec_paramgen_curve:P-256", "-nodes", "-keyout", ca_key, "-out", ca,
        "-days", "2", "-subj", "/CN=%s test CA" % label)
    run("openssl", "req", "-newkey", "ec", "-pkeyopt",
        "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", csr,
        "-subj", "/CN=" + label.replace("_", " "), "-config", cnf)
    run("openssl", "x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key,
        "-CAcreateserial", "-out", crt, "-days", "2", "-extfile", cnf,
        "-extensions", "ext")
    return crt, key


def serve(d, lifetime, server_cls, handler, crt, key, **attrs):
    """Serve handler on a plain and a TLS port of 127.0.0.1 (each server
    given attrs), write DIR/port then DIR/tlsport (via rename), and
    return after lifetime seconds or exit on SIGTERM."""
    servers = []
    for tls in (False, True):
        s = server_cls(("127.0.0.1", 0), handler)
        for k, v in attrs.items():
            setattr(s, k, v)
        if tls:
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain(crt, key)
            s.socket = ctx.wrap_socket(s.socket, server_side=True)
        threading.Thread(target=s.serve_forever, daemon=True).start()
        servers.append(s)
    for name, s in (("port", servers[0]), ("tlsport", servers[1])):
        tmp = os.path.join(d, name + ".tmp")
        with open(tmp, "w") as f:
            f.write("%d\n" % s.server_address[1])
        os.rename(tmp, os.path.join(d, name))
    signal.signal(signal.SIGTERM, lambda *x: sys.exit(0))
    time.sleep(lifetime)
