"""An SMTP sink: every message received on port 1025 is printed to stdout as one JSON line,
{"mail": {"to": [...], "subject": ..., "text": ...}}, decoded (so a sign-up code mailed in base64
Japanese text reads as it does in a mail client). For stacks without a mail relay; never sends on."""
import asyncio
import email
import email.policy
import json

from aiosmtpd.controller import Controller


class Sink:
    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        body = msg.get_body(preferencelist=("plain", "html"))
        mail = {
            "to": [rcpt.lower() for rcpt in envelope.rcpt_tos],
            "subject": str(msg.get("subject", "")),
            "text": body.get_content() if body else "",
        }
        print(json.dumps({"mail": mail}, ensure_ascii=False), flush=True)
        return "250 OK"


async def main():
    controller = Controller(Sink(), hostname="0.0.0.0", port=1025)
    controller.start()
    print(json.dumps({"msg": "mailsink listening on 0.0.0.0:1025"}), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
