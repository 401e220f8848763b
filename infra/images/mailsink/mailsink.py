"""An SMTP sink: every message received on port 1025 is printed to stdout as one JSON line,
{"mail": {"to": [...], "subject": ..., "text": ...}}, decoded (so a sign-up code mailed in base64
Japanese text reads as it does in a mail client). For stacks without a mail relay; never sends on.

The newest 500 messages can also be read over HTTP on port 8025, in the shape of the part of
mailpit's API the synthetic user reads (services/synthetic/src/mail.ts):
  GET /api/v1/search?query=to:"a@b"  ->  {"messages": [{"ID": ...}, ...]}  newest first
  GET /api/v1/message/<ID>           ->  {"ID": ..., "To": [...], "Subject": ..., "Text": ...}
Only inside the compose network: nothing publishes 8025 of this image."""
import asyncio
import collections
import email
import email.policy
import json
import re
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller

KEPT = collections.OrderedDict()  # ID -> mail, oldest first
KEPT_MAX = 500
LOCK = threading.Lock()


class Sink:
    def __init__(self):
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        body = msg.get_body(preferencelist=("plain", "html"))
        mail = {
            "to": [rcpt.lower() for rcpt in envelope.rcpt_tos],
            "subject": str(msg.get("subject", "")),
            "text": body.get_content() if body else "",
        }
        print(json.dumps({"mail": mail}, ensure_ascii=False), flush=True)
        self.count += 1
        with LOCK:
            KEPT[str(self.count)] = mail
            while len(KEPT) > KEPT_MAX:
                KEPT.popitem(last=False)
        return "250 OK"


class Api(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/api/v1/search":
            query = urllib.parse.parse_qs(url.query).get("query", [""])[0]
            match = re.fullmatch(r'to:"?([^"]*)"?', query.strip())
            to = match.group(1).lower() if match else None
            with LOCK:
                found = [i for i, m in reversed(KEPT.items()) if to is None or to in m["to"]]
            return self.answer(200, {"messages": [{"ID": i} for i in found], "messages_count": len(found)})
        if url.path.startswith("/api/v1/message/"):
            with LOCK:
                mail = KEPT.get(url.path.rsplit("/", 1)[1])
            if mail is None:
                return self.answer(404, {"error": "not found"})
            return self.answer(200, {"ID": url.path.rsplit("/", 1)[1], "To": mail["to"], "Subject": mail["subject"], "Text": mail["text"]})
        return self.answer(404, {"error": "not found"})

    def answer(self, status, body):
        data = json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass  # stdout is the mail's JSON lines only


async def main():
    controller = Controller(Sink(), hostname="0.0.0.0", port=1025)
    controller.start()
    api = ThreadingHTTPServer(("0.0.0.0", 8025), Api)
    threading.Thread(target=api.serve_forever, daemon=True).start()
    print(json.dumps({"msg": "mailsink listening on 0.0.0.0:1025 (SMTP) and 0.0.0.0:8025 (API)"}), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
