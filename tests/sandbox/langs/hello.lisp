(let ((a (read)) (b (read)))
  (format t "hello ~d~%" (+ a b)))
