import type { OutboundLocale } from '../../outbound/index.ts';
import type { Severity } from '../config/providers.ts';

/** The words of a detailed chat message around the rendered sentence, in each outbound locale. */
export interface ChatLabels {
  actor: string;
  workspace: string;
  project: string;
  time: string;
  severity: string;
  target: string;
  /** Heads the audit reasoner's explanation (written by a language model). */
  explanation: string;
  none: string;
  severities: Record<Severity, string>;
}

export const CHAT_LABELS: Record<OutboundLocale, ChatLabels> = {
  en: {
    actor: 'Actor',
    workspace: 'Workspace',
    project: 'Project',
    time: 'Time',
    severity: 'Severity',
    target: 'Target',
    explanation: 'Explanation (language model)',
    none: '(none)',
    severities: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
  },
  es: {
    actor: 'Autor',
    workspace: 'Espacio de trabajo',
    project: 'Proyecto',
    time: 'Hora',
    severity: 'Gravedad',
    target: 'Objeto',
    explanation: 'Explicación (modelo de lenguaje)',
    none: '(ninguno)',
    severities: { low: 'Baja', medium: 'Media', high: 'Alta', critical: 'Crítica' },
  },
  fr: {
    actor: 'Auteur',
    workspace: 'Espace de travail',
    project: 'Projet',
    time: 'Heure',
    severity: 'Gravité',
    target: 'Cible',
    explanation: 'Explication (modèle de langage)',
    none: '(aucun)',
    severities: { low: 'Faible', medium: 'Moyenne', high: 'Élevée', critical: 'Critique' },
  },
  de: {
    actor: 'Ausgeführt von',
    workspace: 'Arbeitsbereich',
    project: 'Projekt',
    time: 'Zeitpunkt',
    severity: 'Schweregrad',
    target: 'Ziel',
    explanation: 'Erklärung (Sprachmodell)',
    none: '(keins)',
    severities: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch', critical: 'Kritisch' },
  },
  ja: {
    actor: '実行者',
    workspace: 'ワークスペース',
    project: 'プロジェクト',
    time: '日時',
    severity: '重要度',
    target: '対象',
    explanation: '説明（言語モデル）',
    none: '（なし）',
    severities: { low: '低', medium: '中', high: '高', critical: '緊急' },
  },
  ko: {
    actor: '실행자',
    workspace: '워크스페이스',
    project: '프로젝트',
    time: '시각',
    severity: '심각도',
    target: '대상',
    explanation: '설명 (언어 모델)',
    none: '(없음)',
    severities: { low: '낮음', medium: '보통', high: '높음', critical: '긴급' },
  },
  zh: {
    actor: '操作者',
    workspace: '工作区',
    project: '项目',
    time: '时间',
    severity: '严重程度',
    target: '对象',
    explanation: '说明（语言模型）',
    none: '（无）',
    severities: { low: '低', medium: '中', high: '高', critical: '严重' },
  },
};
