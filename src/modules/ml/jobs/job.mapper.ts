import { RestUrls } from '../../../platform/rest';
import { elementTypeInfo, LANGUAGE_NAMES } from '../groups/element-types';
import { JobView } from './jobs.service';
import { JobStatus } from './translation-job.entity';

const day = (value: string | null) => (value ? value.slice(0, 10) : '');

/** WPML's jobs view-model (`class-wpml-tm-rest-jobs-view-model.php`), field by field. */
export function toJobResponse(view: JobView, urls: RestUrls): Record<string, unknown> {
  const { job } = view;
  const info = elementTypeInfo(job.elementType);
  const downloadUrl = urls.route(`/ml/tm/v1/tp/xliff/download/${job.id}/post`);
  return {
    id: job.id,
    original_element_id: job.elementId,
    type: 'post',
    tp_id: job.tpId,
    status: job.status,
    needs_update: Boolean(job.needsUpdate),
    review_status: job.reviewStatus,
    language_codes: { source: job.sourceLanguage, target: job.targetLanguage },
    languages: {
      source: LANGUAGE_NAMES[job.sourceLanguage] ?? job.sourceLanguage,
      target: LANGUAGE_NAMES[job.targetLanguage] ?? job.targetLanguage,
    },
    translation_service_id: job.translationService,
    translation_service: job.translationService === 'local' ? 'Local' : job.translationService,
    sent_date: day(job.sentDate),
    deadline: day(job.deadlineDate),
    ts_status: job.tsStatus ?? '',
    element: {
      name: view.original?.title ?? job.title,
      url: view.original?.link ?? null,
      status: view.translation?.status ?? 'draft',
      type: { value: job.elementType, label: info?.label ?? job.elementType },
    },
    translator_name: view.translatorName,
    translator_id: job.translatorId > 0 ? job.translatorId : '',
    is_ate_job: job.editor === 'ate',
    automatic: Boolean(job.automatic),
    progress: job.status === JobStatus.inProgress && job.translationService === 'local' ? '0% completed' : '',
    batch: {
      id: job.batchId,
      name: view.batch?.batchName ?? '',
      tp_id: view.batch?.tpId ?? null,
    },
    extra_data: { icl_translate_job_id: job.id, editor_job_id: job.ateJobId },
    edit_url: downloadUrl,
    view_url: view.translation?.link ?? '',
    view_original_url: view.original?.link ?? '',
  };
}
