{{/* Names and labels shared by every object of the release. */}}
{{- define "honne.name" -}}{{ .Release.Name }}{{- end -}}

{{- define "honne.labels" -}}
app.kubernetes.io/part-of: honne
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end -}}

{{/* The labels a component's pods carry and its selectors match: (dict "root" $ "component" "chat"). */}}
{{- define "honne.selector" -}}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "honne.image" -}}
{{ .root.Values.image.registry }}honne/{{ .component }}:{{ .root.Values.image.tag }}
{{- end -}}

{{- define "honne.secretName" -}}
{{ .Values.secrets.existingSecret | default (printf "%s-secrets" .Release.Name) }}
{{- end -}}

{{/* One key of the release's Secret as an env entry: (dict "root" $ "name" "JWT_SECRET" "optional" false). */}}
{{- define "honne.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "honne.secretName" .root }}
      key: {{ .name }}
      optional: {{ .optional | default false }}
{{- end -}}

{{/* What every service and gateway reads (compose's x-service-env). */}}
{{- define "honne.commonEnv" -}}
- { name: NODE_ENV, value: production }
- { name: HOST, value: 0.0.0.0 }
- { name: LOG_LEVEL, value: {{ .Values.logLevel | quote }} }
- { name: DATA_DIR, value: /data }
- { name: NATS_URL, value: {{ .Values.infra.natsUrl | quote }} }
- { name: NATS_REPLICAS, value: {{ .Values.infra.natsReplicas | quote }} }
- { name: REDIS_URL, value: {{ .Values.infra.redisUrl | quote }} }
{{- with .Values.infra.otlpEndpoint }}
- { name: OTEL_EXPORTER_OTLP_ENDPOINT, value: {{ . | quote }} }
{{- end }}
{{ include "honne.secretEnv" (dict "root" . "name" "JWT_SECRET") }}
{{ include "honne.secretEnv" (dict "root" . "name" "INTERNAL_TOKEN") }}
{{- end -}}

{{/*
A service's own database (ADR 0033): its role's password from the Secret, then the URL built from
it by Kubernetes' $(VAR) expansion. (dict "root" $ "service" "chat")
*/}}
{{- define "honne.databaseEnv" -}}
{{- $upper := upper .service -}}
{{ include "honne.secretEnv" (dict "root" .root "name" (printf "%s_DB_PASSWORD" $upper)) }}
- name: {{ $upper }}_DATABASE_URL
  value: "postgresql://{{ .service }}:$({{ $upper }}_DB_PASSWORD)@{{ .root.Values.infra.postgresHost }}/honne_{{ .service }}"
{{- end -}}

{{/* Each service's own settings beyond the common ones, as compose gives them. */}}
{{- define "honne.serviceEnv" -}}
{{- $root := .root -}}
{{- if eq .service "accounts" }}
- { name: SMTP_URL, value: {{ required "infra.smtpUrl is required: accounts mails the sign-up codes" $root.Values.infra.smtpUrl | quote }} }
- { name: MAIL_FROM, value: {{ $root.Values.infra.mailFrom | quote }} }
{{ include "honne.secretEnv" (dict "root" $root "name" "VAPID_PUBLIC_KEY" "optional" true) }}
{{ include "honne.secretEnv" (dict "root" $root "name" "VAPID_PRIVATE_KEY" "optional" true) }}
{{- else if eq .service "calls" }}
- { name: LIVEKIT_URL, value: {{ $root.Values.infra.livekitUrl | quote }} }
- { name: LIVEKIT_PUBLIC_URL, value: {{ $root.Values.infra.livekitPublicUrl | quote }} }
{{ include "honne.secretEnv" (dict "root" $root "name" "LIVEKIT_API_KEY") }}
{{ include "honne.secretEnv" (dict "root" $root "name" "LIVEKIT_API_SECRET") }}
{{- else if eq .service "points" }}
- { name: PUBLIC_URL, value: {{ $root.Values.publicUrl | quote }} }
{{ include "honne.secretEnv" (dict "root" $root "name" "PURCHASE_WEBHOOK_SECRET" "optional" true) }}
{{ include "honne.secretEnv" (dict "root" $root "name" "STRIPE_SECRET_KEY" "optional" true) }}
{{- else if eq .service "safety" }}
{{- with $root.Values.infra.prometheusUrl }}
- { name: PROMETHEUS_URL, value: {{ . | quote }} }
{{- end }}
{{ include "honne.secretEnv" (dict "root" $root "name" "SAFETY_BOOTSTRAP_ADMIN_EMAIL" "optional" true) }}
{{ include "honne.secretEnv" (dict "root" $root "name" "SAFETY_BOOTSTRAP_ADMIN_PASSWORD" "optional" true) }}
{{ include "honne.secretEnv" (dict "root" $root "name" "SAFETY_BOOTSTRAP_ADMIN_TOTP_SECRET" "optional" true) }}
{{- end }}
{{- range $name, $value := .config.env }}
- { name: {{ $name }}, value: {{ $value | quote }} }
{{- end }}
{{- end -}}

{{/* Every pod runs as the images' user node (uid 1000, infra/images/node), nothing writable but /data and /tmp. */}}
{{- define "honne.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{- define "honne.securityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities: { drop: [ALL] }
{{- end -}}

{{/* Scratch space: DATA_DIR (the mail outbox when no SMTP_URL) and /tmp. */}}
{{- define "honne.scratchMounts" -}}
- { name: data, mountPath: /data }
- { name: tmp, mountPath: /tmp }
{{- end -}}

{{- define "honne.scratchVolumes" -}}
- { name: data, emptyDir: {} }
- { name: tmp, emptyDir: {} }
{{- end -}}
