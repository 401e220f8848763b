#!/bin/bash
# http-ok PORT PATH: exit 0 when GET http://127.0.0.1:PORT/PATH answers 200 (minbase has no curl).
exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$2" >&3
head -n 1 <&3 | grep -q ' 200 '
